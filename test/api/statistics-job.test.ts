import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey } from '@aws-sdk/client-s3';
import { GetCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { clearOfMidnight } from '../helpers/clear-of-midnight.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { bucketLogSource } from '../../functions/jobs/cdn-log-merge.ts';
import type { LogStore } from '../../functions/jobs/cdn-log-merge.ts';
import { mergeCdnLogs } from '../../functions/domain/statistics/merge-cdn-logs.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { berlinDay } from '../../functions/domain/statistics/berlin-time.ts';

const s = useTestServer();

// The log lines are stamped now and read back under today's Berlin day: a run must not straddle Berlin midnight.
beforeEach(() => clearOfMidnight(20_000));
afterEach(() => vi.restoreAllMocks());

/** A bucket in memory that answers ListObjectsV2, GetObject and DeleteObject as S3 does; `failDeletes` makes the next deletes fail. */
function fakeBucket(objects: Map<string, Buffer>) {
  const calls: string[] = [];
  let failDeletes = 0;
  const store = {
    send: async (command: unknown) => {
      if (command instanceof ListObjectsV2Command) {
        const found = [...objects.keys()].filter((k) => k.startsWith(command.input.Prefix!)).sort().slice(0, command.input.MaxKeys);
        return { Contents: found.map((Key) => ({ Key })) };
      }
      if (command instanceof GetObjectCommand) {
        calls.push(`get ${command.input.Key}`);
        const data = objects.get(command.input.Key!);
        if (!data) throw new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} });
        return { Body: Readable.from([data]) };
      }
      if (command instanceof DeleteObjectCommand) {
        if (failDeletes > 0) {
          failDeletes--;
          throw new Error('simulated: the run stopped');
        }
        calls.push(`delete ${command.input.Key}`);
        objects.delete(command.input.Key!);
        return {};
      }
      throw new Error('unexpected command');
    },
  } as unknown as LogStore;
  return { store, calls, objects, failNextDeletes: (n: number) => { failDeletes = n; } };
}

const HEADER = '#Version: 1.0\n#Fields: date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer) cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header cs-protocol cs-bytes time-taken x-forwarded-for ssl-protocol ssl-cipher x-edge-response-result-type cs-protocol-version fle-status fle-encrypted-fields c-port time-to-first-byte x-edge-detailed-result-type sc-content-type sc-content-len sc-range-start sc-range-end\n';

/** A real CloudFront .gz file: client address, user agent and referrer are there, and must not end up anywhere. */
function logFile(requests: { path: string; ua?: string }[]): Buffer {
  const now = new Date();
  const line = (path: string, ua: string) => [now.toISOString().slice(0, 10), now.toISOString().slice(11, 19), 'FRA56-P3', '1843', '203.0.113.7', 'GET', 'd111111abcdef8.cloudfront.net', path, '200',
    '-', ua, '-', '-', 'Hit', 'abc', 'karten.beispiel.de', 'https', '412', '0.001', '-', 'TLSv1.3', 'TLS_AES_128_GCM_SHA256', 'Hit',
    'HTTP/2.0', '-', '-', '51234', '0.001', 'Hit', 'application/json', '1530', '-', '-'].join('\t');
  return gzipSync(HEADER + requests.map((r) => line(r.path, r.ua ?? 'Mozilla/5.0%20(iPhone)')).join('\n') + '\n');
}

async function newCard(lastname: string, profileId: string): Promise<string> {
  const card = await s.call('personCreate', { token: await s.adminToken(), body: { companyProfilId: profileId, firstname: 'Job', lastname } });
  expect(card.status).toBe(200);
  return card.body.id as string;
}

async function viewsAndSaves(id: string): Promise<number[][]> {
  const stats = await s.call('statisticCard', { params: { id }, token: await s.adminToken() });
  expect(stats.status).toBe(200);
  return stats.body.map((e: { views: number; saves: number }) => [e.views, e.saves]);
}

/** Each test has a bucket of its own: the open batch is per source. */
const bucketName = (t: { company: { id: string } }) => `logs-${t.company.id}`;
const LEASE = 60;
const afterLease = () => Date.now() + (LEASE + 1) * 1000;

describe('cdn-log-merge job', () => {
  it('counts all waiting .gz files in one batch with one update per card and day, deletes them, and counts nothing again', async () => {
    const t = await createTenant(s);
    const id = await newCard('Test', t.profile.id);
    const { store, calls, objects } = fakeBucket(new Map([
      ['cdn/E2ABC.2026-11-23-10.a1.gz', logFile([{ path: `/api/card/${id}` }, { path: `/api/card/${id}`, ua: 'Mozilla/5.0%20(Android)' }])],
      ['cdn/E2ABC.2026-11-23-10.b2.gz', logFile([{ path: `/api/card/${id}/vcard` }, { path: `/api/card/${id}`, ua: 'WhatsApp/2.23.20.0' }])],
      ['cdn/E2ABC.2026-11-23-11.c3.gz', logFile([{ path: `/api/card/${id}` }])],
    ]));
    const source = bucketLogSource({ s3: store, bucket: bucketName(t), prefix: 'cdn/' });

    const r = await mergeCdnLogs({ source, leaseSeconds: LEASE });
    expect(r).toMatchObject({ batches: 1, resumed: 0, files: 3, counted: 4, bots: 1, cardDays: 1, updates: 2, skippedUpdates: 0 });
    expect(objects.size).toBe(0);
    expect(calls.filter((c) => c.startsWith('delete'))).toHaveLength(3);
    expect(await viewsAndSaves(id)).toEqual([[3, 1]]);
    // Nothing personal went into the table: the day item holds counts only.
    const day = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cardStatDay(id, berlinDay(new Date())) }));
    expect(day.Item?.views).toBe(3);
    expect(JSON.stringify(day.Item)).not.toMatch(/203\.0\.113|iPhone|Android/);

    const again = await mergeCdnLogs({ source, leaseSeconds: LEASE });
    expect(again).toMatchObject({ batches: 0, files: 0, updates: 0 });
    expect(await viewsAndSaves(id)).toEqual([[3, 1]]);
  });

  it('a broken file (cut-off or corrupted gzip) is left out with an error line; the batch still counts the others', async () => {
    const t = await createTenant(s);
    const id = await newCard('Broken', t.profile.id);
    const good = logFile([{ path: `/api/card/${id}` }, { path: `/api/card/${id}` }]);
    const { store, objects } = fakeBucket(new Map([
      ['cdn/E2ABC.2026-11-23-10.a1.gz', good],
      ['cdn/E2ABC.2026-11-23-10.b2.gz', good.subarray(0, Math.floor(good.length / 2))],
      ['cdn/E2ABC.2026-11-23-10.c3.gz', Buffer.concat([good.subarray(0, 12), Buffer.alloc(40, 0xff), good.subarray(52)])],
    ]));
    const source = bucketLogSource({ s3: store, bucket: bucketName(t), prefix: 'cdn/' });
    const r = await mergeCdnLogs({ source, leaseSeconds: LEASE });
    expect(r).toMatchObject({ batches: 1, files: 1, unreadable: 2, counted: 2 });
    expect(await viewsAndSaves(id)).toEqual([[2, 0]]);
    expect(objects.size).toBe(0);
    // The next run is not held back by them.
    expect(await mergeCdnLogs({ source, leaseSeconds: LEASE })).toMatchObject({ batches: 0 });
  });

  it('a run that stopped after counting leaves its batch open: the next run resumes it, deletes the files and counts nothing twice', async () => {
    const t = await createTenant(s);
    const id = await newCard('Resume', t.profile.id);
    const bucket = fakeBucket(new Map([['cdn/E2ABC.2026-11-23-10.a1.gz', logFile([{ path: `/api/card/${id}` }, { path: `/api/card/${id}` }])]]));
    const source = bucketLogSource({ s3: bucket.store, bucket: bucketName(t), prefix: 'cdn/' });
    bucket.failNextDeletes(1);
    await expect(mergeCdnLogs({ source, leaseSeconds: LEASE })).rejects.toThrow('simulated');
    expect(await viewsAndSaves(id)).toEqual([[2, 0]]);
    // The file is still there (as if S3 had delivered it again) and a new one arrived.
    expect(bucket.objects.size).toBe(1);
    bucket.objects.set('cdn/E2ABC.2026-11-23-11.b2.gz', logFile([{ path: `/api/card/${id}` }]));

    // Within the lease another run leaves the batch alone (the first might still be working on it).
    const early = await mergeCdnLogs({ source, leaseSeconds: LEASE });
    expect(early).toMatchObject({ busy: true, batches: 0 });
    expect(bucket.objects.size).toBe(2);

    const next = await mergeCdnLogs({ source, leaseSeconds: LEASE, now: afterLease });
    expect(next).toMatchObject({ resumed: 1, batches: 2, files: 1, counted: 1 });
    expect(bucket.objects.size).toBe(0);
    expect(await viewsAndSaves(id)).toEqual([[3, 0]]);
    const state = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cdnMergeBatch(source.id), ConsistentRead: true }));
    expect(state.Item?.files).toBeUndefined();
  });

  it('a run that stopped halfway through its updates is completed by the resume: each card and day counted exactly once', async () => {
    const t = await createTenant(s);
    const cards = await Promise.all(['Eins', 'Zwei', 'Drei'].map((n) => newCard(n, t.profile.id)));
    const views = (id: string, n: number) => Array.from({ length: n }, () => ({ path: `/api/card/${id}` }));
    const bucket = fakeBucket(new Map([
      ['cdn/E2ABC.2026-11-23-10.a1.gz', logFile([...views(cards[0]!, 2), ...views(cards[1]!, 1)])],
      ['cdn/E2ABC.2026-11-23-10.b2.gz', logFile([...views(cards[1]!, 3), ...views(cards[2]!, 4)])],
    ]));
    const source = bucketLogSource({ s3: bucket.store, bucket: bucketName(t), prefix: 'cdn/' });
    // The third counter update fails: some counters of the batch are in, the others not.
    const client = db();
    const send = client.send.bind(client);
    let counterUpdates = 0;
    vi.spyOn(client, 'send').mockImplementation(((command: unknown) => {
      if (command instanceof UpdateCommand && command.input.ConditionExpression?.includes('#lb') && ++counterUpdates === 3) {
        return Promise.reject(new Error('simulated: throttled, the run stopped'));
      }
      return send(command as never);
    }) as typeof client.send);
    await expect(mergeCdnLogs({ source, leaseSeconds: LEASE })).rejects.toThrow('simulated');
    vi.restoreAllMocks();
    expect(bucket.objects.size).toBe(2);

    const resumed = await mergeCdnLogs({ source, leaseSeconds: LEASE, now: afterLease });
    expect(resumed.resumed).toBe(1);
    expect(resumed.skippedUpdates).toBeGreaterThan(0);
    expect(resumed.updates + resumed.skippedUpdates).toBe(6);
    expect(bucket.objects.size).toBe(0);
    expect(await Promise.all(cards.map(viewsAndSaves))).toEqual([[[2, 0]], [[4, 0]], [[4, 0]]]);
    const company = await s.call('statisticCompany', { query: { companyId: t.company.id }, token: await s.adminToken() });
    expect(company.status).toBe(200);
    // The rollups (what the company screen reads) got each card once as well.
    const totals = Object.fromEntries(company.body.cards.map((c: { personId: string; totalViews: number }) => [c.personId, c.totalViews]));
    expect(cards.map((id) => totals[id])).toEqual([2, 4, 4]);
  });
});
