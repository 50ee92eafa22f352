import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '@smithy/core/checksum';
import { s3GetObject } from '../../functions/lib/storage/s3-get.ts';

// Reads from the uploads bucket (a stored Apple pass, an image) go through our signed GetObject
// (functions/lib/storage/s3-get.ts), not the SDK's S3 client. Checked against a small S3 stand-in
// that judges each request's signature with the SDK's own signer (@smithy/signature-v4).

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
const objects = new Map<string, { body: Buffer; type: string; meta: Record<string, string> }>();
const seen: { path: string; signedBySdk: boolean }[] = [];
let failNext = 0;
let server: ReturnType<typeof createServer>;
let endpoint: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const date = String(req.headers['x-amz-date']);
      const signingDate = new Date(`${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}T${date.slice(9, 11)}:${date.slice(11, 13)}:${date.slice(13, 15)}Z`);
      const signer = new SignatureV4({ service: 's3', region: 'eu-central-1', credentials, sha256: Sha256, uriEscapePath: false });
      const headers = { host: String(req.headers.host), 'x-amz-date': date, 'x-amz-content-sha256': String(req.headers['x-amz-content-sha256']) };
      const signed = await signer.sign({ method: 'GET', protocol: 'http:', hostname: String(req.headers.host), path: req.url ?? '/', headers }, { signingDate });
      seen.push({ path: req.url ?? '', signedBySdk: signed.headers.authorization === req.headers.authorization });
      if (signed.headers.authorization !== req.headers.authorization) {
        res.statusCode = 403;
        res.end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (failNext > 0) {
        failNext--;
        res.statusCode = 503;
        res.end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      const o = objects.get(req.url ?? '');
      if (!o) {
        res.statusCode = req.url?.includes('verboten') ? 403 : 404;
        res.end(`<Error><Code>${res.statusCode === 403 ? 'AccessDenied' : 'NoSuchKey'}</Code></Error>`);
        return;
      }
      res.setHeader('content-type', o.type);
      for (const [k, v] of Object.entries(o.meta)) res.setHeader(`x-amz-meta-${k}`, v);
      res.end(o.body);
    })();
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

const target = () => ({ bucket: 'uploads', region: 'eu-central-1', endpoint, credentials: async () => credentials });

describe('S3 GetObject without the SDK', () => {
  it('reads the bytes, content type and metadata, signed as the SDK signs', async () => {
    const body = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00, 0x10]);
    objects.set('/uploads/wallet-passes/abc.pkpass', { body, type: 'application/vnd.apple.pkpass', meta: { 'content-key': 'f'.repeat(64) } });
    const file = await s3GetObject(target(), 'wallet-passes/abc.pkpass');
    expect(file?.body.equals(body)).toBe(true);
    expect(file?.contentType).toBe('application/vnd.apple.pkpass');
    expect(file?.metadata).toEqual({ 'content-key': 'f'.repeat(64) });
    expect(seen.at(-1)).toEqual({ path: '/uploads/wallet-passes/abc.pkpass', signedBySdk: true });
  });

  it('a missing object is undefined; a refusal throws; throttling is retried', async () => {
    expect(await s3GetObject(target(), 'wallet-passes/fehlt.pkpass')).toBeUndefined();
    await expect(s3GetObject(target(), 'wallet-passes/verboten.pkpass')).rejects.toThrow(/403 AccessDenied/);
    objects.set('/uploads/images/a.png', { body: Buffer.from('png'), type: 'image/png', meta: {} });
    failNext = 1;
    const before = seen.length;
    const file = await s3GetObject(target(), 'images/a.png');
    expect(file?.body.toString()).toBe('png');
    expect(file?.metadata).toBeUndefined();
    expect(seen.length - before).toBe(2);
    await expect(s3GetObject(target(), '../geheim')).rejects.toThrow(/Speicherschlüssel/);
  });
});
