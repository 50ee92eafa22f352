import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey } from '@aws-sdk/client-s3';
import { useTestServer } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { countLogObject } from '../../functions/jobs/cdn-log-aggregate.ts';
import type { LogStore } from '../../functions/jobs/cdn-log-aggregate.ts';

const s = useTestServer();

/** A bucket in memory that answers GetObject and DeleteObject as S3 does. */
function fakeBucket(objects: Map<string, Buffer>) {
  const calls: string[] = [];
  const store = {
    send: async (command: unknown) => {
      if (command instanceof GetObjectCommand) {
        calls.push(`get ${command.input.Key}`);
        const data = objects.get(command.input.Key!);
        if (!data) throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} });
        return { Body: Readable.from([data]) };
      }
      if (command instanceof DeleteObjectCommand) {
        calls.push(`delete ${command.input.Key}`);
        objects.delete(command.input.Key!);
        return {};
      }
      throw new Error('unexpected command');
    },
  } as unknown as LogStore;
  return { store, calls };
}

describe('cdn-log-aggregate job', () => {
  it('counts a CloudFront .gz file, deletes it, and counts nothing when the event comes again', async () => {
    const t = await createTenant(s);
    const card = await s.api('POST', '/api/card/company/person', { token: await s.adminToken(), body: { companyProfilId: t.profile.id, firstname: 'Job', lastname: 'Test' } });
    expect(card.status).toBe(200);
    const id = card.body.id as string;
    const now = new Date();
    const date = now.toISOString().slice(0, 10);
    const time = now.toISOString().slice(11, 19);
    // A real CloudFront line: client address, user agent and referrer are there, and must not end up anywhere.
    const line = (path: string, ua: string) => [date, time, 'FRA56-P3', '1843', '203.0.113.7', 'GET', 'd111111abcdef8.cloudfront.net', path, '200',
      '-', ua, '-', '-', 'Hit', 'abc', 'karten.beispiel.de', 'https', '412', '0.001', '-', 'TLSv1.3', 'TLS_AES_128_GCM_SHA256', 'Hit',
      'HTTP/2.0', '-', '-', '51234', '0.001', 'Hit', 'application/json', '1530', '-', '-'].join('\t');
    const file = '#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end\n'
      + [line(`/api/card/${id}`, 'Mozilla/5.0%20(iPhone)'), line(`/api/card/${id}`, 'Mozilla/5.0%20(Android)'), line(`/api/card/${id}/vcard`, 'Mozilla/5.0%20(iPhone)'),
        line(`/api/card/${id}`, 'WhatsApp/2.23.20.0')].join('\n') + '\n';
    const key = `cdn/E2ABC.${date}-10.a1b2c3.gz`;
    const { store, calls } = fakeBucket(new Map([[key, gzipSync(file)]]));

    expect(await countLogObject({ s3: store, bucket: 'logs', key })).toBe(true);
    expect(calls).toEqual([`get ${key}`, `delete ${key}`]);
    const stats = await s.api('GET', `/api/card/statistic/${id}`, { token: await s.adminToken() });
    expect(stats.body.map((e: { views: number; saves: number }) => [e.views, e.saves])).toEqual([[2, 1]]);

    // The same event again: the file is gone, nothing is counted.
    expect(await countLogObject({ s3: store, bucket: 'logs', key })).toBe(false);
    const again = await s.api('GET', `/api/card/statistic/${id}`, { token: await s.adminToken() });
    expect(again.body).toEqual(stats.body);
  });
});
