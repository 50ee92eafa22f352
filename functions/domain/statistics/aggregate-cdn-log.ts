import { log } from '../../lib/log.ts';
import { parseCdnLog } from './parse-cdn-log.ts';
import { writeCounts } from './write-counts.ts';
import type { WriteResult } from './write-counts.ts';

export interface AggregateResult extends WriteResult {
  lines: number;
  /** Distinct (card, Berlin day) pairs the file counted something for. */
  cardDays: number;
  counted: number;
  bots: number;
}

/**
 * One CDN log file into the counters, on its own. The job and the local server no longer count
 * file by file: they merge every waiting file as one batch (merge-cdn-logs.ts, job cdn-log-merge).
 * This stays for the tests, which count a hand-made file of past days with it. `fileId` names the
 * file for good: the same file counted twice counts once.
 */
export async function aggregateCdnLog(o: { fileId: string; lines: AsyncIterable<string> | Iterable<string>; now?: Date }): Promise<AggregateResult> {
  const parsed = await parseCdnLog(o.lines);
  const written = await writeCounts({ fileId: o.fileId, counts: parsed.counts, ...(o.now ? { now: o.now } : {}) });
  const result = { lines: parsed.lines, cardDays: parsed.counts.length, counted: parsed.counted, bots: parsed.bots, ...written };
  log('info', 'cdn log aggregated', { fileId: o.fileId, ...result });
  return result;
}
