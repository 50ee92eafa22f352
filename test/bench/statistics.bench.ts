// Issue 10 budgets: views counted from the CDN's access logs. The measuring runs in a child process
// (statistics-worker.ts) so its configuration and table are its own.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { BenchModule, Figure } from './harness.ts';
import { median } from './harness.ts';

/**
 * List prices used for the cost per 1M views: AWS eu-central-1 (Frankfurt), on-demand, as published
 * in 2025 (DynamoDB after the November 2024 on-demand price cut). docs/statistics.md repeats them.
 */
export const PRICES = {
  dynamoWriteRequestUnit: 0.7625 / 1e6,
  dynamoReadRequestUnit: 0.1525 / 1e6,
  lambdaRequest: 0.2 / 1e6,
  /** arm64 */
  lambdaGbSecond: 0.0000133334,
  s3Put: 0.0054 / 1000,
  s3Get: 0.00043 / 1000,
  s3StorageGbMonth: 0.0245,
  cloudWatchLogsIngestGb: 0.63,
} as const;

/** Memory of the aggregator function (infra/jobs.ts) and how much slower we assume Lambda's arm64 share is than this machine. */
const LAMBDA_MEMORY_GB = 1;
const LAMBDA_SLOWDOWN = 3;
/** JSON log line per file the aggregator writes to CloudWatch. */
const LOG_LINE_BYTES = 400;

interface WorkerResult {
  lines: number;
  cards: number;
  gzBytes: number;
  rawBytes: number;
  whole: { ms: number; counted: number; cardDays: number; updates: number; chunks: number; skippedChunks: number; capacity: { read: number; write: number } };
  again: { ms: number; updates: number; skippedChunks: number; capacity: { read: number; write: number } };
  hourly: { files: number; ms: number; maxFileMs: number; counted: number; views: number; capacity: { read: number; write: number } };
  small: { files: number; lines: number; ms: number; views: number; capacity: { read: number; write: number } };
  maxItemBytes: number;
  route: { ms: number[]; read: number; cardsWith12Months: number };
  publicCard: { requests: number; status: number; writes: number };
}

const bench: BenchModule = {
  name: 'statistics',
  async measure(ctx) {
    const { stdout } = await promisify(execFile)(process.execPath, [join(import.meta.dirname, 'statistics-worker.ts')], {
      env: { ...process.env, BENCH_DYNAMO_ENDPOINT: ctx.dynamoEndpoint, BENCH_TMP_DIR: ctx.tmpDir },
      maxBuffer: 1 << 24,
      timeout: 15 * 60_000,
    });
    const r = JSON.parse(stdout.trim().split('\n').at(-1)!) as WorkerResult;

    // Cost of a run from what the code did: one invocation per file, its reads (as DynamoDB Local
    // reported them) and writes (2 WRU per transactional item: Local misreports transactions), its
    // time (x LAMBDA_SLOWDOWN) at 1 GB, the S3 requests (CloudFront's PUT, our GET; DELETE is free),
    // the log bytes stored until we delete them (an hour at most), the function's log line.
    const costOf = (run: { files: number; ms: number; capacity: { read: number; write: number }; gzBytes: number }) => ({
      invocations: run.files * PRICES.lambdaRequest,
      compute: (run.ms / 1000) * LAMBDA_SLOWDOWN * LAMBDA_MEMORY_GB * PRICES.lambdaGbSecond,
      reads: run.capacity.read * PRICES.dynamoReadRequestUnit,
      writes: run.capacity.write * PRICES.dynamoWriteRequestUnit,
      s3Requests: run.files * (PRICES.s3Put + PRICES.s3Get),
      logStorage: (run.gzBytes / 2 ** 30) * PRICES.s3StorageGbMonth / (30 * 24),
      functionLogs: ((run.files * LOG_LINE_BYTES) / 2 ** 30) * PRICES.cloudWatchLogsIngestGb,
    });
    const total = (parts: Record<string, number>) => Object.values(parts).reduce((a, b) => a + b, 0);
    const h = r.hourly;
    const w = r.whole;
    const parts = costOf({ ...h, gzBytes: r.gzBytes });
    const costPerMillion = (total(parts) * 1e6) / h.views;
    const wholeCost = (total(costOf({ files: 1, ms: w.ms, capacity: w.capacity, gzBytes: r.gzBytes })) * 1e6) / h.views;
    const smallCost = (total(costOf({ ...r.small, gzBytes: (r.gzBytes * r.small.lines) / r.lines })) * 1e6) / r.small.views;

    const figures: Record<string, Figure> = {
      costPer1MViewsUsd: {
        value: costPerMillion, unit: 'USD', budget: 0.1, direction: 'max',
        note: `Issue 10: backend cost per 1M views <= $0.10 (request-path design ~$2.1). 1M log lines for ${r.cards} cards as 24 files (one a hour): `
          + `${h.files} invocations, ${Math.round(h.capacity.read)} RRU, ${Math.round(h.capacity.write)} WRU, ${(h.ms / 1000).toFixed(1)} s local x${LAMBDA_SLOWDOWN} at 1 GB, `
          + `${(r.gzBytes / 2 ** 20).toFixed(1)} MiB gzip; per part (USD for these ${h.views} views): ${Object.entries(parts).map(([k, v]) => `${k} ${v.toFixed(5)}`).join(', ')}. `
          + 'Prices eu-central-1 list (test/bench/statistics.bench.ts PRICES, docs/statistics.md). The card path itself writes nothing.',
      },
      costPer1MViewsOneFileUsd: {
        value: wholeCost, unit: 'USD',
        note: 'Same views delivered as one file (fewer writes: each card-day is written once).',
      },
      costPer1MViewsSmallFilesUsd: {
        value: smallCost, unit: 'USD',
        note: `Not judged, for the record: the same traffic in files of ${r.small.lines / r.small.files} lines (a quiet edge location), measured on ${r.small.files} such files `
          + `(${Math.round(r.small.capacity.write)} WRU for ${r.small.views} views). Writes grow with distinct (card, day) pairs per file, so many small files cost more; docs/statistics.md says what to do then.`,
      },
      maxCounterItemBytes: {
        value: r.maxItemBytes, unit: 'bytes', budget: 1024, direction: 'max',
        note: 'Largest day or rollup item after all runs: within 1 KB, so each transactional write is 2 WRU as the cost assumes.',
      },
      aggregatorSeconds: {
        value: w.ms / 1000, unit: 's', budget: 60, direction: 'max',
        note: `Issue 10: a log file of ${r.lines} lines (gzip, ${(r.rawBytes / 2 ** 20).toFixed(0)} MiB unpacked) for ${r.cards} cards in <= 60 s locally, parse + writes; ${w.counted} counted.`,
      },
      writesPerCardDay: {
        value: (w.updates + (w.chunks - w.skippedChunks)) / w.cardDays, unit: 'writes', budget: 3, direction: 'max',
        note: `Issue 10: <= 3 writes per (card, day) in the file: ${w.updates} counter updates + ${w.chunks - w.skippedChunks} chunk markers for ${w.cardDays} (card, day) pairs (the file spans Berlin midnight).`,
      },
      redeliveredFileWrites: {
        value: r.again.updates, unit: 'writes', budget: 0, direction: 'max',
        note: `The same file delivered again counts nothing: ${r.again.skippedChunks} chunks found their markers (${(r.again.ms / 1000).toFixed(1)} s).`,
      },
      publicCardWrites: {
        value: r.publicCard.status === 200 ? r.publicCard.writes : Number.NaN, unit: 'writes', budget: 0, direction: 'max',
        note: `Issue 10: the public card path stays at 0 writes: DynamoDB write calls during ${r.publicCard.requests} GET /api/card/{id} (status ${r.publicCard.status}) through the local adapter; views are counted from the log only.`,
      },
      routeReadUnits: {
        value: r.route.read, unit: 'RRU', budget: 50, direction: 'max',
        note: `Issue 10: GET /api/card/statistic?companyId= for a company with 1,000 cards, every card with views and saves in all 12 months (${r.route.cardsWith12Months} such cards): read units of the whole request (session user, company, rollup Query).`,
      },
      routeMs: {
        value: median(r.route.ms.slice(10)), unit: 'ms', budget: 200, direction: 'max',
        note: `Issue 10: the statistics screen answers in <= 200 ms locally; median of ${r.route.ms.length - 10} requests through the local HTTP adapter after 10 warm-ups `
          + `(fastest ${Math.round(Math.min(...r.route.ms))} ms; DynamoDB Local serialises 1,000 items per answer, so the figure follows the machine's load: compare baselines).`,
      },
    };
    return figures;
  },
};

export default bench;
