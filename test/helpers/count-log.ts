import { randomUUID } from 'node:crypto';
import { mergeCdnLogs } from '../../functions/domain/statistics/merge-cdn-logs.ts';
import type { LogSource, MergeResult } from '../../functions/domain/statistics/merge-cdn-logs.ts';

/**
 * Counts one hand-made CDN log file (e.g. views of past days) through the production merge, as the
 * job and the local server count the files they find: a one-file source in memory.
 */
export async function countLogFile(o: { fileId: string; lines: Iterable<string> }): Promise<MergeResult> {
  const files = new Map([[o.fileId, [...o.lines]]]);
  const source: LogSource = {
    id: `test-${randomUUID()}`,
    list: async (limit) => [...files.keys()].slice(0, limit),
    read: async (key) => files.get(key),
    remove: async (key) => { files.delete(key); },
  };
  return mergeCdnLogs({ source, leaseSeconds: 60 });
}
