import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// What CloudFront does with `compress: true` on every behaviour (infra/constructs/edge.ts), so the
// bytes a browser loads locally are the bytes it loads from AWS: Brotli when the viewer accepts it
// (Chrome only over HTTPS), else gzip; only types CloudFront compresses, only bodies between 1,000
// and 10,000,000 bytes, never an answer the origin already encoded.
// https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/ServingCompressedFiles.html

const COMPRESSIBLE = /^(text\/(html|css|javascript|plain|xml|csv|calendar|vcard|x-vcard)|application\/(json|javascript|x-javascript|xml|manifest\+json|ld\+json|vnd\.api\+json|xhtml\+xml)|image\/(svg\+xml|x-icon|vnd\.microsoft\.icon)|font\/(otf|ttf))\b/i;

export function compressible(contentType: string | undefined, size: number): boolean {
  return !!contentType && COMPRESSIBLE.test(contentType) && size >= 1000 && size <= 10_000_000;
}

/** The encoding CloudFront picks for this Accept-Encoding header, if any. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  const accepted = new Set((acceptEncoding ?? '').split(',').map((p) => p.split(';')[0]!.trim().toLowerCase()));
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/**
 * The body as CloudFront would send it for this request, and the headers to add. Headers of the
 * origin's answer are given lower-cased.
 */
export function compressAnswer(o: { method: string; acceptEncoding: string | undefined; headers: Record<string, string | number | undefined>; body: Buffer }): { body: Buffer; headers: Record<string, string> } {
  const type = o.headers['content-type'];
  if (o.method !== 'GET' || o.headers['content-encoding'] || !compressible(typeof type === 'string' ? type : undefined, o.body.length)) return { body: o.body, headers: {} };
  const encoding = pickEncoding(o.acceptEncoding);
  if (!encoding) return { body: o.body, headers: { vary: 'Accept-Encoding' } };
  const body = encoding === 'br'
    ? brotliCompressSync(o.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: o.body.length } })
    : gzipSync(o.body, { level: 6 });
  return { body, headers: { 'content-encoding': encoding, 'content-length': String(body.length), vary: 'Accept-Encoding' } };
}
