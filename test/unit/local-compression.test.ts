import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressAnswer, pickEncoding } from '../../functions/local/compression.ts';

// The local server compresses as CloudFront does with `compress: true` (issue 20: the bench's
// Lighthouse runs load the bytes a phone loads from AWS, not the uncompressed files).

const js = Buffer.from('export const x = 1;\n'.repeat(200));

describe('local compression (CloudFront compress: true)', () => {
  it('takes Brotli over gzip, gzip without Brotli, nothing without either', () => {
    expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickEncoding('gzip, deflate')).toBe('gzip');
    expect(pickEncoding('identity')).toBeUndefined();
    expect(pickEncoding(undefined)).toBeUndefined();
  });

  it('compresses text and JSON between 1,000 and 10,000,000 bytes, and the bytes read back', () => {
    const br = compressAnswer({ method: 'GET', acceptEncoding: 'gzip, br', headers: { 'content-type': 'text/javascript; charset=utf-8' }, body: js });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(brotliDecompressSync(br.body)).toEqual(js);
    const gz = compressAnswer({ method: 'GET', acceptEncoding: 'gzip', headers: { 'content-type': 'application/json; charset=utf-8' }, body: js });
    expect(gunzipSync(gz.body)).toEqual(js);
    expect(gz.headers.vary).toBe('Accept-Encoding');
  });

  it('leaves images, small bodies, HEAD and answers the origin already encoded alone', () => {
    const same = (o: Parameters<typeof compressAnswer>[0]) => expect(compressAnswer(o).body).toBe(o.body);
    same({ method: 'GET', acceptEncoding: 'br', headers: { 'content-type': 'image/avif' }, body: js });
    same({ method: 'GET', acceptEncoding: 'br', headers: { 'content-type': 'text/html' }, body: js.subarray(0, 999) });
    same({ method: 'HEAD', acceptEncoding: 'br', headers: { 'content-type': 'text/html' }, body: js });
    same({ method: 'GET', acceptEncoding: 'br', headers: { 'content-type': 'text/html', 'content-encoding': 'gzip' }, body: js });
  });
});
