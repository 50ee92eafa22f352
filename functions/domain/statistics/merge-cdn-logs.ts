import { randomBytes } from 'node:crypto';
import { GetCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { log } from '../../lib/log.ts';
import { parseCdnLog } from './parse-cdn-log.ts';
import type { DayCount } from './parse-cdn-log.ts';
import { sumCounts, writeBatchCounts } from './write-batch-counts.ts';

/** Where the log files wait: CloudFront's prefix in the log bucket, or the local server's directory. */
export interface LogSource {
  /** Names this source for good (one open batch per source). */
  id: string;
  /** Keys of waiting (complete) files, at most `limit`. */
  list(limit: number): Promise<string[]>;
  /** The file's lines, or undefined when it is gone. */
  read(key: string): Promise<AsyncIterable<string> | Iterable<string> | undefined>;
  remove(key: string): Promise<void>;
}

/** Files per batch: the manifest lists them (under 100 bytes a key, well within an item). */
export const MAX_BATCH_FILES = 1000;

interface OpenBatch {
  batchId: string;
  files: string[];
  phase: 'apply' | 'delete';
}

export interface MergeResult {
  batches: number;
  /** Batches a run that died had left open, finished by this one. */
  resumed: number;
  files: number;
  lines: number;
  counted: number;
  bots: number;
  cardDays: number;
  updates: number;
  skippedUpdates: number;
  unknownCards: number;
  /** The batches this run applied or finished (their id is on every counter they updated). */
  batchIds: string[];
  /** True when another run holds the source's open batch: its files wait for the next run. */
  busy: boolean;
  /** Files whose content could not be read (broken gzip, no log header): left out, logged as errors. */
  unreadable: number;
}

/**
 * Counts every waiting log file of a source in batches: the same code for the AWS job
 * (cdn-log-merge) and the local server's flush. Per batch: (1) a manifest naming its files is
 * opened (conditional: one open batch per source), (2) the files' counts are summed in memory and
 * each (card, day) and card is updated once, conditioned on the batch id, (3) the manifest moves
 * to 'delete', the files are deleted, (4) the manifest is closed. A run that died anywhere leaves
 * the manifest open; the next run resumes it before any new batch, and the batch id on the
 * counters makes the resumed updates add only what is missing. A file is counted only while it
 * exists, and deleted only after its counts are in: a file never counts twice.
 */
export async function mergeCdnLogs(o: { source: LogSource; leaseSeconds: number; maxFiles?: number; now?: () => number }): Promise<MergeResult> {
  const now = o.now ?? Date.now;
  const key = keys.cdnMergeBatch(o.source.id);
  const result: MergeResult = { batches: 0, resumed: 0, files: 0, lines: 0, counted: 0, bots: 0, cardDays: 0, updates: 0, skippedUpdates: 0, unknownCards: 0, batchIds: [], busy: false, unreadable: 0 };
  for (;;) {
    const batch = await takeOpenBatch(key, now(), o.leaseSeconds);
    if (batch === 'busy') {
      result.busy = true;
      break;
    }
    let open = batch;
    if (open) result.resumed++;
    else {
      const files = await o.source.list(o.maxFiles ?? MAX_BATCH_FILES);
      if (!files.length) break;
      open = await openBatch(key, files, now(), o.leaseSeconds);
      if (!open) continue; // another run opened one in between: resume or wait for it
    }
    await runBatch(o.source, key, open, result);
    result.batches++;
    result.batchIds.push(open.batchId);
  }
  if (result.batches || result.busy) log('info', 'cdn logs merged', { source: o.source.id, ...result, batchIds: result.batchIds.join(' ') });
  return result;
}

/** The source's open batch with its lease taken, undefined when there is none, 'busy' when a live run holds it. */
async function takeOpenBatch(key: Record<string, string>, at: number, leaseSeconds: number): Promise<OpenBatch | undefined | 'busy'> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const item = out.Item as (OpenBatch & { until: number }) | undefined;
  if (!item?.files) return undefined;
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #until = :until',
      ConditionExpression: '#batch = :batch AND #until < :now',
      ExpressionAttributeNames: { '#until': 'until', '#batch': 'batchId' },
      ExpressionAttributeValues: { ':until': at + leaseSeconds * 1000, ':batch': item.batchId, ':now': at },
    }));
  } catch (err) {
    if (isConditionFailure(err)) return 'busy';
    throw err;
  }
  log('warn', 'resuming a cdn log batch a stopped run left open', { batchId: item.batchId, files: item.files.length, phase: item.phase });
  return { batchId: item.batchId, files: item.files, phase: item.phase };
}

async function openBatch(key: Record<string, string>, files: string[], at: number, leaseSeconds: number): Promise<OpenBatch | undefined> {
  const batch: OpenBatch = { batchId: randomBytes(6).toString('base64url'), files, phase: 'apply' };
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET #batch = :batch, #files = :files, #phase = :phase, #until = :until',
      ConditionExpression: 'attribute_not_exists(#files)',
      ExpressionAttributeNames: { '#batch': 'batchId', '#files': 'files', '#phase': 'phase', '#until': 'until' },
      ExpressionAttributeValues: { ':batch': batch.batchId, ':files': files, ':phase': batch.phase, ':until': at + leaseSeconds * 1000 },
    }));
    return batch;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/** Moves the batch on (phase 'delete', or closed when `phase` is undefined); only while it is still this batch. */
async function advance(key: Record<string, string>, batchId: string, phase: 'delete' | undefined): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: key,
    UpdateExpression: phase ? 'SET #phase = :phase' : 'REMOVE #files, #phase, #until',
    ConditionExpression: '#batch = :batch',
    ExpressionAttributeNames: { '#batch': 'batchId', '#phase': 'phase', ...(phase ? {} : { '#files': 'files', '#until': 'until' }) },
    ExpressionAttributeValues: { ':batch': batchId, ...(phase ? { ':phase': phase } : {}) },
  }));
}

async function runBatch(source: LogSource, key: Record<string, string>, batch: OpenBatch, result: MergeResult): Promise<void> {
  if (batch.phase === 'apply') {
    const perFile: DayCount[][] = [];
    for (const file of batch.files) {
      const lines = await source.read(file);
      if (!lines) {
        // Files are deleted only after the batch's counts are in; gone before means removed by hand.
        log('warn', 'cdn log of an open batch is gone; nothing counted for it', { file });
        continue;
      }
      let parsed: Awaited<ReturnType<typeof parseCdnLog>>;
      try {
        parsed = await parseCdnLog(lines);
      } catch (err) {
        if (!isUnreadableLog(err)) throw err;
        // A broken file must not hold back every later view: it is left out (and removed with the
        // batch, it holds visitors' addresses); the error line raises the log-error alarm.
        log('error', 'cdn log unreadable; left out of the count and removed with its batch', { file, error: (err as Error).message });
        result.unreadable++;
        continue;
      }
      perFile.push(parsed.counts);
      result.files++;
      result.lines += parsed.lines;
      result.counted += parsed.counted;
      result.bots += parsed.bots;
    }
    const units = sumCounts(perFile);
    result.cardDays += units.reduce((n, u) => n + u.days.length, 0);
    const written = await writeBatchCounts({ batchId: batch.batchId, units });
    result.updates += written.updates;
    result.skippedUpdates += written.skippedUpdates;
    result.unknownCards += written.unknownCards;
    await advance(key, batch.batchId, 'delete');
  }
  for (const file of batch.files) await source.remove(file);
  await advance(key, batch.batchId, undefined);
}

/** The file's content is broken (not gzip, cut off, no CloudFront header): retrying cannot help. A failed read is not this. */
function isUnreadableLog(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown };
  return (typeof e?.code === 'string' && e.code.startsWith('Z_')) || (typeof e?.message === 'string' && e.message.startsWith('CDN-Log '));
}
