// Work outside HTTP, declared like the routes: each job names its module (exporting `handler`),
// its trigger and what it may touch. The stack turns every entry into one function (same base as
// the API areas), its trigger and its grants; `npm run build` bundles it (infra/bundle.ts).
// Pure data (no CDK imports): the bundler reads it too.
import { CDN_LOG_PREFIX, images, storedPasses, walletSecrets } from '../shared/api/needs.ts';
import type { Needs } from '../shared/api/needs.ts';
import { CARD_CHANGED_SOURCE } from '../functions/jobs/card-changed-source.ts';

/** EventBridge Scheduler cron fields (https://docs.aws.amazon.com/scheduler/latest/UserGuide/schedule-types.html). */
export interface CronTrigger {
  kind: 'schedule';
  /** `cron(minutes hours day-of-month month day-of-week year)` without the `cron(...)`. */
  cron: string;
  /** IANA time zone the cron is read in (summer time handled by the scheduler). */
  timeZone: string;
}

/** Messages of one of the stack's queues (see infra/stack.ts: `queues`). */
export interface QueueTrigger {
  kind: 'queue';
  queue: 'invalidation';
  batchSize: number;
  /** Seconds the event source collects messages before invoking (0-300). */
  maxBatchingWindowSeconds: number;
  /** At most this many invocations at once (2-1000; default: as many as Lambda scales to). */
  maxConcurrency?: number;
}

/**
 * New objects in one of the stack's buckets under a prefix. The handler gets an S3 notification
 * shaped event (`Records[].s3.bucket.name`, `Records[].s3.object.key`, one record per object),
 * delivered through EventBridge (no custom resource in the stack).
 */
export interface BucketTrigger {
  kind: 'bucket';
  bucket: 'logs';
  prefix: string;
}

/**
 * New items on the table's stream that pass `filter` (Lambda event filtering, the same filter the
 * local feed applies: functions/jobs/card-changed-source.ts), in batches; a batch that still fails
 * after `retryAttempts` goes to the job's dead-letter queue (named by the job), which has an alarm.
 */
export interface TableStreamTrigger {
  kind: 'tableStream';
  batchSize: number;
  maxBatchingWindowSeconds: number;
  retryAttempts: number;
  filter: Record<string, unknown>;
  deadLetters: 'cardChanged';
}

/** No trigger: an operator invokes the function (docs/deploy.md), e.g. after a deploy that changes how data is made. */
export interface ManualTrigger {
  kind: 'manual';
}

export interface JobDef {
  /** Names the function (`job-<name>`). */
  name: string;
  /** The module (path from the repository root) exporting the job's `handler`. */
  handler: `functions/jobs/${string}.ts`;
  description: string;
  trigger: CronTrigger | QueueTrigger | BucketTrigger | ManualTrigger | TableStreamTrigger;
  needs: Needs;
  memorySize?: number;
  timeoutSeconds?: number;
}

/** Minutes between two merges of the CDN's log files (statistics). */
export const CDN_LOG_MERGE_MINUTES = 60;

export const jobs: readonly JobDef[] = [
  {
    name: 'card-changed',
    handler: 'functions/jobs/card-changed.ts',
    description: 'After a card change: its cards\' CDN paths to the invalidation queue, one push per installed Apple pass\'s device, Google objects updated',
    trigger: { kind: 'tableStream', ...CARD_CHANGED_SOURCE, filter: CARD_CHANGED_SOURCE.filter, deadLetters: 'cardChanged' },
    // The only function that pushes to APNs and calls Google's Wallet API (with the wallet
    // configuration) and asks for card invalidations; the card writes only record the change. It
    // builds and stores each changed card's Apple pass and removes a deleted or erased card's.
    needs: { table: 'readWrite', secrets: walletSecrets, objects: [images.read, storedPasses.job], queues: ['invalidation'] },
    // A 1,000-card profile change took 4 s locally (bench cardChanged); retries with backoff inside.
    timeoutSeconds: 300,
  },
  {
    name: 'cdn-invalidate',
    handler: 'functions/jobs/cdn-invalidate.ts',
    description: 'Batches queued CDN paths into CloudFront invalidations',
    // Two batches at once, each with at most 7 wildcard paths: CloudFront allows 15 in progress.
    trigger: { kind: 'queue', queue: 'invalidation', batchSize: 100, maxBatchingWindowSeconds: 10, maxConcurrency: 2 },
    needs: { distributionInvalidation: true },
    timeoutSeconds: 30,
  },
  {
    name: 'credits-monthly',
    handler: 'functions/jobs/credits-monthly.ts',
    description: 'Monthly credit grant (spec: 1st of the month, 00:05 German time)',
    trigger: { kind: 'schedule', cron: '5 0 1 * ? *', timeZone: 'Europe/Berlin' },
    needs: { table: 'readWrite' },
    timeoutSeconds: 300,
  },
  {
    name: 'cdn-log-merge',
    handler: 'functions/jobs/cdn-log-merge.ts',
    description: 'Counts card views and saves of the waiting CloudFront log files in one batch, then deletes the files',
    // Hourly: the writes are one per (card, day) and batch, so the interval sets the cost (every 30
    // minutes measured $0.10 per 1M views, at the budget; hourly about half: docs/statistics.md, bench
    // statistics.costPer1MViewsUsd) and adds at most an hour to the CDN's log delay.
    trigger: { kind: 'schedule', cron: CDN_LOG_MERGE_MINUTES === 60 ? '0 * * * ? *' : `0/${CDN_LOG_MERGE_MINUTES} * * * ? *`, timeZone: 'Europe/Berlin' },
    needs: { table: 'readWrite', objects: [{ bucket: 'logs', prefix: CDN_LOG_PREFIX, access: 'readDelete', list: true }] },
    memorySize: 1024,
    timeoutSeconds: 600,
  },
  {
    name: 'images-reprocess',
    handler: 'functions/jobs/images-reprocess.ts',
    description: 'Remakes every upload\'s image files with the current pipeline (npm run images:reprocess locally); invoke again while it answers done: false',
    trigger: { kind: 'manual' },
    // Reads originals, writes their derivatives, marks the upload record; invalidates renewed
    // originals; clears the stored Apple passes (built again with the remade images).
    needs: { table: 'readWrite', objects: [images.readWrite, storedPasses.clear], queues: ['invalidation'], native: ['sharp'] },
    // One upload at a time: peak memory about 200 MB (bench imagePipeline); the memory buys CPU
    // (libvips runs on one thread here), 1536 MB is 0.87 vCPU.
    memorySize: 1536,
    timeoutSeconds: 900,
  },
];
