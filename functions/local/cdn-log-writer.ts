// Locally there is no CDN, so the local server writes the access log CloudFront would write, for
// the paths the statistics count (card JSON, vCard, wallet links, the tap beacon), and merges the
// closed files as one batch with the code the AWS job runs (merge-cdn-logs.ts). A file holds nothing
// personal (no address, no cookie; the user agent only as "bot" or
// "-") and is deleted once it is counted.
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readdirSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { CDN_LOG_HEADER, formatCdnLogLine } from '../domain/statistics/cdn-log-format.ts';
import { isCountedPath } from '../domain/statistics/counted-requests.ts';
import { isBotUserAgent } from '../domain/statistics/bots.ts';
import { mergeCdnLogs } from '../domain/statistics/merge-cdn-logs.ts';
import type { LogSource } from '../domain/statistics/merge-cdn-logs.ts';
import { logLines } from '../domain/statistics/parse-cdn-log.ts';
import { log } from '../lib/log.ts';

export interface CdnRequest {
  method: string;
  path: string;
  status: number;
  userAgent: string | undefined;
  /** The query string without `?` (the tap beacon's card and kind). */
  query?: string | undefined;
}

export interface FlushResult {
  files: number;
  counted: number;
}

export interface CdnLogWriter {
  /** After an answer: writes a log line when the path is one the statistics count. */
  record(r: CdnRequest): void;
  /** Closes the current file and counts every closed one now (tests; the timer does it every VIEW_FLUSH_SECONDS). */
  flush(): Promise<FlushResult>;
  /** Stops the timer and counts what is left. */
  stop(): Promise<void>;
}

const OPEN_SUFFIX = '.open';
const CLOSED_SUFFIX = '.log';
/** A batch a crashed local server left open is resumed after this long (a flush takes well under it). */
const LOCAL_LEASE_SECONDS = 60;

/**
 * `flushSeconds` 0 turns the timer off (tests flush by hand). Files left behind by a crash are
 * counted on the first flush; a batch a crash left open is resumed (merge-cdn-logs.ts).
 */
export function createCdnLogWriter(o: { dir: string; flushSeconds: number }): CdnLogWriter {
  mkdirSync(o.dir, { recursive: true });
  // A file a crash left open is complete up to its last line: count it with the next flush.
  for (const f of readdirSync(o.dir)) if (f.endsWith(OPEN_SUFFIX)) renameSync(join(o.dir, f), join(o.dir, f.slice(0, -OPEN_SUFFIX.length) + CLOSED_SUFFIX));
  let current: string | undefined;
  // The open file's descriptor, kept until the file is closed: one write per turn, not an open and close too.
  let fd: number | undefined;
  // Lines of this turn of the event loop, appended together at its end (one write for many
  // requests under load instead of one each; a crash loses at most that turn's lines).
  let pending: string[] = [];
  let drainScheduled = false;
  const drain = () => {
    drainScheduled = false;
    if (!pending.length) return;
    if (!current) {
      current = join(o.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}${OPEN_SUFFIX}`);
      fd = openSync(current, 'a');
      writeSync(fd, CDN_LOG_HEADER);
    }
    writeSync(fd!, pending.join(''));
    pending = [];
  };
  let running: Promise<FlushResult> = Promise.resolve({ files: 0, counted: 0 });

  const close = () => {
    drain();
    if (!current) return;
    closeSync(fd!);
    fd = undefined;
    const closed = current.slice(0, -OPEN_SUFFIX.length) + CLOSED_SUFFIX;
    // Renaming in one step: a file is either still written or complete, never both.
    renameSync(current, closed);
    current = undefined;
  };

  const source: LogSource = {
    id: `local/${o.dir}`,
    list: async (limit) => (existsSync(o.dir) ? readdirSync(o.dir).filter((f) => f.endsWith(CLOSED_SUFFIX)).sort().slice(0, limit) : []),
    read: async (name) => (existsSync(join(o.dir, name)) ? logLines(createReadStream(join(o.dir, name))) : undefined),
    remove: async (name) => rmSync(join(o.dir, name), { force: true }),
  };

  // All closed files are one batch, merged with the same code as the AWS job.
  const countClosed = async (): Promise<FlushResult> => {
    try {
      const r = await mergeCdnLogs({ source, leaseSeconds: LOCAL_LEASE_SECONDS });
      return { files: r.files, counted: r.counted };
    } catch (err) {
      // The batch stays open: the next flush resumes it and counts each file once.
      log('error', 'local cdn logs not counted; retrying at the next flush', { error: err instanceof Error ? err.message : String(err) });
      return { files: 0, counted: 0 };
    }
  };

  const flush = () => {
    running = running.catch(() => ({ files: 0, counted: 0 })).then(() => {
      close();
      return countClosed();
    });
    return running;
  };

  const timer = o.flushSeconds > 0 ? setInterval(() => { void flush(); }, o.flushSeconds * 1000) : undefined;
  timer?.unref();

  return {
    record(r) {
      if (!isCountedPath(r.path)) return;
      const ua = r.userAgent ?? '';
      // Only the verdict is written: the aggregator's list finds "bot", and nothing identifies a person.
      const userAgent = isBotUserAgent(ua.replaceAll(' ', '%20')) ? 'bot' : '-';
      pending.push(formatCdnLogLine({ at: new Date(), method: r.method, path: r.path, status: r.status, userAgent, ...(r.query ? { query: r.query } : {}) }) + '\n');
      if (!drainScheduled) {
        drainScheduled = true;
        setImmediate(drain);
      }
    },
    flush,
    async stop() {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}
