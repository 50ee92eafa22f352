// The statistics bench in a process of its own: the handlers' configuration (env) is read once per
// process, and other bench modules must not share our table. Prints one JSON object on stdout.
// Input (env): BENCH_DYNAMO_ENDPOINT, BENCH_TMP_DIR.
import { createGzip } from 'node:zlib';
import { createReadStream, createWriteStream, statSync } from 'node:fs';
import { join } from 'node:path';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { BatchWriteCommand, PutCommand } from '../../functions/lib/dynamo.ts';

const endpoint = process.env.BENCH_DYNAMO_ENDPOINT!;
const tmp = process.env.BENCH_TMP_DIR!;
process.env.LOG_LEVEL = 'silent';
process.env.TRACK_CAPACITY = '1';

const { prepareLocal } = await import('../../functions/local/prepare.ts');
const { createLocalServer } = await import('../../functions/local/server.ts');
const { db, tableName, capacityLog } = await import('../../functions/lib/db.ts');
const { keys } = await import('../../functions/lib/keys.ts');
const { logLines, parseCdnLog } = await import('../../functions/domain/statistics/parse-cdn-log.ts');
const { mergeCdnLogs } = await import('../../functions/domain/statistics/merge-cdn-logs.ts');
const { sumCounts, writeBatchCounts } = await import('../../functions/domain/statistics/write-batch-counts.ts');
type LogSource = import('../../functions/domain/statistics/merge-cdn-logs.ts').LogSource;
const { lastMonths } = await import('../../functions/domain/statistics/berlin-time.ts');
const { CDN_LOG_HEADER } = await import('../../functions/domain/statistics/cdn-log-format.ts');
const { CDN_LOG_MERGE_MINUTES } = await import('../../infra/jobs.ts');

const ADMIN_PASSWORD = 'bench-passwort-1';
await prepareLocal({
  endpoint, tableName: `bench_stat_${randomUUID().replaceAll('-', '')}`, uploadsDir: join(tmp, 'uploads'),
  authSecret: randomBytes(32).toString('hex'), adminUsername: 'admin', adminPassword: ADMIN_PASSWORD,
});

// --- 1,000 cards of one company ---------------------------------------------------------------
const CARDS = 1000;
const companyId = randomUUID();
const cardIds = Array.from({ length: CARDS }, () => randomUUID());
const now = new Date().toISOString();
await db().send(new PutCommand({
  TableName: tableName(),
  Item: { ...keys.company(companyId), type: 'company', id: companyId, org: 'Bench GmbH', lang: 'de', display: { statistik: true }, credits: 0, cardCountTotal: CARDS, cardCountActive: CARDS, version: 1, createdAt: now, updatedAt: now },
}));
for (let i = 0; i < CARDS; i += 25) {
  await db().send(new BatchWriteCommand({
    RequestItems: {
      [tableName()]: cardIds.slice(i, i + 25).map((id) => ({
        PutRequest: {
          // About the size of a real card (the aggregator's lookup is billed by item size).
          Item: {
            ...keys.person(id), ...keys.ownedPerson(companyId, id), type: 'person', id, companyId, companyProfilId: randomUUID(),
            firstname: 'Erika', lastname: `Mustermann ${i}`, position: 'Vertrieb', isActive: true, createdOn: now, version: 1,
            tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '+49 170 1234567' }],
            email: [{ type: 'work1', value: 'erika.mustermann@beispiel.de' }], social: [{ type: 'linkedin', link: 'https://www.linkedin.com/in/erika' }],
            image: `${randomUUID()}.jpg`, color: '#123456', createdAt: now, updatedAt: now,
          },
        },
      })),
    },
  }));
}

let seed = 42;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
// --- the company route, with 12 full months for every card (measured first, on a quiet database) -----------------------------------
const months = lastMonths(new Date());
let mark = capacityLog.length;
// Written as a merge batch writes them (with the batch id on every rollup: the route reads it too).
await writeBatchCounts({
  batchId: randomBytes(6).toString('base64url'),
  units: sumCounts([cardIds.flatMap((cardId) => months.map((m) => ({ cardId, day: `${m}-15`, views: 300 + Math.floor(rnd() * 600), saves: { vcard: 10 + Math.floor(rnd() * 40) } })))]),
});
const server = createLocalServer({ staticDir: tmp });
await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const login = await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }) });
const token = ((await login.json()) as { token: string }).token;
const routeMs: number[] = [];
let routeRead = 0;
let routeCards = 0;
// Java (DynamoDB Local) and Node both compile hot code after some rounds: 10 warm-ups, then 30 measured.
for (let i = 0; i < 40; i++) {
  mark = capacityLog.length;
  const t = performance.now();
  const res = await fetch(`${base}/api/card/statistic?companyId=${companyId}`, { headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { cards: { views: number[] }[] };
  routeMs.push(performance.now() - t);
  routeRead = capacity(mark).read;
  routeCards = body.cards.filter((c) => c.views.every((v) => v > 0)).length;
}
// The public card path writes nothing: a real card through the API, then visitors' requests.
const post = async (path: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await res.json()) as { id: string };
};
const realCompany = await post('/api/card/company', { org: 'Öffentlich GmbH' });
await post('/api/card/company/credit/history', { companyId: realCompany.id, credits: 10 });
const realProfile = await post('/api/card/company/profil', { companyId: realCompany.id, profilname: 'Standard' });
const realCard = await post('/api/card/company/person', { companyProfilId: realProfile.id, firstname: 'Erika', lastname: 'Mustermann' });
mark = capacityLog.length;
let publicStatus = 0;
for (let i = 0; i < 20; i++) {
  const res = await fetch(`${base}/api/card/${realCard.id}`);
  publicStatus = res.status;
  await res.arrayBuffer();
}
const publicCardWrites = capacityLog.slice(mark).filter((e) => /Write|Put|Update|Delete/.test(e.operation)).length;
server.close();
if (process.env.BENCH_ONLY_ROUTE === '1') {
  console.log(JSON.stringify({ route: { ms: routeMs, read: routeRead, cardsWith12Months: routeCards }, publicCard: { status: publicStatus, writes: publicCardWrites } }));
  process.exit(0);
}

// --- a CloudFront log of 1,000,000 lines (gzip, as delivered) ---------------------------------
const PHONES = [
  'Mozilla/5.0%20(iPhone;%20CPU%20iPhone%20OS%2017_4%20like%20Mac%20OS%20X)%20AppleWebKit/605.1.15%20(KHTML,%20like%20Gecko)%20Version/17.4%20Mobile/15E148%20Safari/604.1',
  'Mozilla/5.0%20(Linux;%20Android%2014;%20SM-S911B)%20AppleWebKit/537.36%20(KHTML,%20like%20Gecko)%20Chrome/124.0.0.0%20Mobile%20Safari/537.36',
];
const BOTS = ['facebookexternalhit/1.1%20(+http://www.facebook.com/externalhit_uatext.php)', 'WhatsApp/2.23.20.0%20A', 'Mozilla/5.0%20(compatible;%20Googlebot/2.1;%20+http://www.google.com/bot.html)'];
const LINES = 1_000_000;
// 22:30-23:30 UTC in November: 23:30-00:30 in Berlin, so the file spans two German days.
const start = Date.UTC(2026, 10, 22, 22, 30, 0);
const logFile = join(tmp, 'E2ABCDEFGHIJ.2026-11-22-22.bench.gz');
const lines: string[] = [];
{
  const gz = createGzip();
  const out = gz.pipe(createWriteStream(logFile));
  gz.write(CDN_LOG_HEADER);
  let buffer = '';
  for (let i = 0; i < LINES; i++) {
    const at = new Date(start + Math.floor((i / LINES) * 3_600_000)).toISOString();
    // Some cards are much more popular than others.
    const card = cardIds[Math.floor(CARDS * rnd() ** 2)]!;
    const r = rnd();
    const [path, status, ua] = r < 0.05 ? [`/assets/index-${i % 7}.js`, 200, PHONES[i % 2]!]
      : r < 0.07 ? [`/api/card/${card}`, 200, BOTS[i % 3]!]
      : r < 0.11 ? [`/api/card/${card}/vcard`, 200, PHONES[i % 2]!]
      : r < 0.2 ? [`/api/card/${card}`, 304, PHONES[i % 2]!]
      : [`/api/card/${card}`, 200, PHONES[i % 2]!];
    const ip = `${10 + (i % 200)}.${(i >> 8) & 255}.${i & 255}.${(i * 7) & 255}`;
    const line = [at.slice(0, 10), at.slice(11, 19), 'FRA56-P3', '1843', ip, 'GET', 'd111111abcdef8.cloudfront.net', path, String(status),
      'https://karten.beispiel.de/c/' + card, ua, '-', '-', status === 304 ? 'RefreshHit' : 'Hit', randomBytes(21).toString('base64url'),
      'karten.beispiel.de', 'https', '412', '0.001', '-', 'TLSv1.3', 'TLS_AES_128_GCM_SHA256', 'Hit', 'HTTP/2.0', '-', '-', '51234', '0.001',
      'Hit', 'application/json', '1530', '-', '-'].join('\t');
    lines.push(line);
    buffer += line + '\n';
    if (buffer.length > 1 << 20) {
      if (!gz.write(buffer)) await once(gz, 'drain');
      buffer = '';
    }
  }
  gz.end(buffer);
  await once(out, 'finish');
}
const gzBytes = statSync(logFile).size;
const rawBytes = lines.reduce((n, l) => n + l.length + 1, CDN_LOG_HEADER.length);

function capacity(from: number) {
  const entries = capacityLog.slice(from);
  const sum = (op: (o: string) => boolean) => entries.filter((e) => op(e.operation)).reduce((n, e) => n + e.capacityUnits, 0);
  return { read: sum((o) => /Get|Query|Scan/.test(o)), write: sum((o) => /Write|Put|Update|Delete/.test(o)) };
}

/** Log files in memory as the merge sees them in the bucket; `gzBytes` per file for the storage cost. */
function memorySource(id: string, files: Map<string, string[]>): LogSource {
  return {
    id,
    list: async (limit) => [...files.keys()].sort().slice(0, limit),
    read: async (key) => files.get(key),
    remove: async (key) => { files.delete(key); },
  };
}

// --- A: the whole file as one batch, then the same batch applied again (a resumed run) --------
mark = capacityLog.length;
let t0 = performance.now();
const wholeFiles = new Map<string, string[]>();
const wholeSource: LogSource = {
  id: 'bench/whole',
  list: async () => [...wholeFiles.keys()],
  read: async () => logLines(createReadStream(logFile)),
  remove: async (key) => { wholeFiles.delete(key); },
};
wholeFiles.set(logFile, []);
const whole = await mergeCdnLogs({ source: wholeSource, leaseSeconds: 600 });
const wholeMs = performance.now() - t0;
const wholeCapacity = capacity(mark);
mark = capacityLog.length;
t0 = performance.now();
// What a run that died after counting would write when it resumes the batch: nothing.
const parsedAgain = await parseCdnLog(logLines(createReadStream(logFile)));
const again = await writeBatchCounts({ batchId: whole.batchIds[0]!, units: sumCounts([parsedAgain.counts]) });
const againMs = performance.now() - t0;
const againCapacity = capacity(mark);

const isView = (l: string) => /\t\/api\/card\/[^/\t]+\t(200|304)\t/.test(l) && !/facebookexternalhit|WhatsApp|Googlebot/.test(l);

/**
 * A day of the same 1M requests as CloudFront delivers them: the lines spread over 24 hours
 * (re-stamped, Berlin day 2026-11-23), cut into `files` files of varied size (a few large ones
 * from busy edge locations, many small ones), and merged every MERGE_MINUTES: each merge is one
 * batch of the files delivered since the last one. `batches` limits the run to the first batches
 * (a sample); the cost per view is computed from what was run.
 */
async function day(o: { name: string; files: number; batches?: number }) {
  const dayStart = Date.UTC(2026, 10, 22, 23, 0, 0);
  const weights = Array.from({ length: o.files }, () => 0.05 + rnd() ** 4);
  const sum = weights.reduce((a, b) => a + b, 0);
  const perBatch: string[][][] = Array.from({ length: (24 * 60) / MERGE_MINUTES }, () => []);
  let at = 0;
  for (let f = 0; f < o.files; f++) {
    const size = f === o.files - 1 ? lines.length - at : Math.round((weights[f]! / sum) * lines.length);
    const batch = Math.min(perBatch.length - 1, Math.floor(((at / lines.length) * 24 * 60) / MERGE_MINUTES));
    const part = lines.slice(at, at + size).map((l, i) => {
      const stamp = new Date(dayStart + Math.floor(((at + i) / lines.length) * 86_400_000)).toISOString();
      return `${stamp.slice(0, 10)}\t${stamp.slice(11, 19)}${l.slice(19)}`;
    });
    perBatch[batch]!.push([CDN_LOG_HEADER.trim().split('\n'), part].flat());
    at += size;
  }
  const run = perBatch.slice(0, o.batches ?? perBatch.length);
  const from = capacityLog.length;
  let ms = 0;
  let maxBatchMs = 0;
  let files = 0;
  let views = 0;
  let updates = 0;
  let runLines = 0;
  for (const [b, batch] of run.entries()) {
    const waiting = new Map(batch.map((f, i) => [`${o.name}/${String(b).padStart(3, '0')}-${String(i).padStart(5, '0')}`, f]));
    for (const f of batch) views += f.filter(isView).length;
    files += batch.length;
    runLines += batch.reduce((n, f) => n + f.length - 2, 0);
    const t = performance.now();
    const r = await mergeCdnLogs({ source: memorySource(`bench/${o.name}`, waiting), leaseSeconds: 600 });
    const batchMs = performance.now() - t;
    ms += batchMs;
    maxBatchMs = Math.max(maxBatchMs, batchMs);
    updates += r.updates;
  }
  return { name: o.name, files, runs: run.length, lines: runLines, ms, maxBatchMs, views, updates, capacity: capacity(from) };
}

// The deployed schedule (infra/jobs.ts); BENCH_MERGE_MINUTES tries another.
const MERGE_MINUTES = Number(process.env.BENCH_MERGE_MINUTES ?? CDN_LOG_MERGE_MINUTES);
// --- B: the judged case: 1,500 files of varied size over a day --------------------------------
const realistic = await day({ name: 'realistic', files: 1500 });
// --- C: many small files (15,000 over a day, ~67 lines each): the first 6 merges as a sample ---
const small = await day({ name: 'small', files: 15_000, batches: 6 });
const totalLines = lines.length;
lines.length = 0;

// Every counter item must stay within 1 KB (one WRU per transactional write unit, as counted above).
const itemBytes = (item: Record<string, unknown>) => Object.entries(item).reduce((n, [k, v]) => n + k.length + (typeof v === 'number' ? Math.ceil(String(v).replace(/^0+|\./g, '').length / 2) + 1 : Buffer.byteLength(String(v))), 0);
const { queryAll } = await import('../../functions/lib/db.ts');
const rollups = await queryAll<Record<string, unknown>>({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.cardStatRollupPartition(companyId).pk } });
const days = await queryAll<Record<string, unknown>>({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(cardIds[0]!).pk } });
const maxItemBytes = Math.max(...rollups.map(itemBytes), ...days.map(itemBytes));

console.log(JSON.stringify({
  lines: LINES, cards: CARDS, gzBytes, rawBytes, mergeMinutes: MERGE_MINUTES, totalLines,
  whole: { ...whole, ms: wholeMs, capacity: wholeCapacity },
  again: { updates: again.updates, skippedUpdates: again.skippedUpdates, ms: againMs, capacity: againCapacity },
  realistic, small,
  maxItemBytes,
  route: { ms: routeMs, read: routeRead, cardsWith12Months: routeCards },
  publicCard: { requests: 20, status: publicStatus, writes: publicCardWrites },
}));
process.exit(0);
