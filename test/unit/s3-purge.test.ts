import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../../functions/lib/storage/s3-storage.ts';

// The erasure (DSGVO Art. 17) must leave no version of an image in the versioned uploads bucket:
// `purge` lists every version and delete marker of exactly that key (page by page) and deletes
// them by version id. Checked against a small S3 stand-in speaking the REST API's XML.

interface Version { key: string; versionId: string; marker: boolean }
const versions: Version[] = [];
const deleteRequests: string[] = [];
let server: ReturnType<typeof createServer>;
let endpoint: string;
const PAGE = 2;

const xml = (tag: string, v: string) => `<${tag}>${v}</${tag}>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3');
    let body = '';
    req.on('data', (c: Buffer) => { body += c.toString('utf8'); });
    req.on('end', () => {
      res.setHeader('content-type', 'application/xml');
      if (req.method === 'GET' && url.searchParams.has('versions')) {
        const prefix = url.searchParams.get('prefix') ?? '';
        const all = versions.filter((v) => v.key.startsWith(prefix));
        const after = url.searchParams.get('version-id-marker');
        // A marker must name a version that exists, as S3 requires.
        const start = after ? all.findIndex((v) => v.versionId === after) + 1 : 0;
        if (after && start === 0) { res.statusCode = 400; res.end('<Error><Code>InvalidArgument</Code><Message>Invalid version id specified</Message></Error>'); return; }
        const page = all.slice(start, start + PAGE);
        const truncated = start + PAGE < all.length;
        const entries = page.map((v) => xml(v.marker ? 'DeleteMarker' : 'Version', xml('Key', v.key) + xml('VersionId', v.versionId) + xml('IsLatest', 'false'))).join('');
        const next = truncated ? xml('NextKeyMarker', page.at(-1)!.key) + xml('NextVersionIdMarker', page.at(-1)!.versionId) : '';
        res.end(`<?xml version="1.0" encoding="UTF-8"?><ListVersionsResult>${xml('Name', 'uploads')}${xml('Prefix', prefix)}${xml('IsTruncated', String(truncated))}${next}${entries}</ListVersionsResult>`);
        return;
      }
      if (req.method === 'POST' && url.searchParams.has('delete')) {
        deleteRequests.push(body);
        const objects = [...body.matchAll(/<Object><Key>([^<]+)<\/Key><VersionId>([^<]+)<\/VersionId><\/Object>/g)];
        for (const [, key, id] of objects) {
          const i = versions.findIndex((v) => v.key === key && v.versionId === id);
          if (i >= 0) versions.splice(i, 1);
        }
        res.end(`<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>`);
        return;
      }
      res.statusCode = 400;
      res.end('<Error><Code>NotImplemented</Code></Error>');
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((ok) => server.close(() => ok())));

describe('S3 purge (every version of a key)', () => {
  it('deletes every version and delete marker of the key, over several pages, and nothing of a longer key', async () => {
    versions.push(
      { key: 'images/abc.jpg', versionId: 'v1', marker: false },
      { key: 'images/abc.jpg', versionId: 'v2', marker: false },
      { key: 'images/abc.jpg', versionId: 'm1', marker: true },
      { key: 'images/abc.jpg.bak', versionId: 'x1', marker: false },
      { key: 'images/abc.jpg', versionId: 'v3', marker: false },
    );
    const storage = s3Storage('uploads', 'eu-central-1', { endpoint, credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
    const removed = await storage.purge('images/abc.jpg');
    expect(removed).toBe(3);
    expect(versions).toEqual([{ key: 'images/abc.jpg.bak', versionId: 'x1', marker: false }]);
    expect(deleteRequests.join('')).toContain('<VersionId>m1</VersionId>');
    expect(deleteRequests.join('')).not.toContain('abc.jpg.bak');
  });
});
