import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { berlinDayCache } from './berlin-time.ts';
import { isBotUserAgent } from './bots.ts';
import { countOf, saveKinds } from './counted-requests.ts';
import type { SaveKind } from './counted-requests.ts';
import { tapKinds } from '../../../shared/card/taps.ts';
import type { TapKind } from '../../../shared/card/taps.ts';
import { fieldIndex } from './cdn-log-format.ts';
import type { FieldIndex } from './cdn-log-format.ts';

/** What one card got on one (Berlin) day in one log file. */
export interface DayCount {
  cardId: string;
  /** `YYYY-MM-DD`, Europe/Berlin. */
  day: string;
  views: number;
  saves: Partial<Record<SaveKind, number>>;
  /** Taps on the card's links by kind (issue 28). */
  taps?: Partial<Record<TapKind, number>>;
}

export interface ParsedLog {
  /** Sorted by card id, then day: the same file always gives the same list (idempotent chunks rely on it). */
  counts: DayCount[];
  lines: number;
  counted: number;
  bots: number;
}

/**
 * Counts one CDN log file: views, saves and taps per card and Berlin day. Pure: no I/O but reading the
 * lines. Nothing of a line is kept but the card id, the day and what it counts as.
 */
export async function parseCdnLog(lines: AsyncIterable<string> | Iterable<string>): Promise<ParsedLog> {
  const byKey = new Map<string, DayCount>();
  const dayOf = berlinDayCache();
  let index: FieldIndex = fieldIndex();
  let total = 0;
  let counted = 0;
  let bots = 0;
  for await (const line of lines) {
    if (line === '') continue;
    if (line.charCodeAt(0) === 35 /* # */) {
      if (line.startsWith('#Fields:')) index = fieldIndex(line);
      continue;
    }
    total++;
    const f = line.split('\t');
    const hit = countOf(f[index.method] ?? '', f[index.path] ?? '', Number(f[index.status]), (index.query >= 0 ? f[index.query] : undefined) ?? '-');
    if (!hit) continue;
    if (isBotUserAgent(f[index.userAgent] ?? '-')) {
      bots++;
      continue;
    }
    const day = dayOf(f[index.date] ?? '', f[index.time] ?? '');
    if (!day) continue;
    const key = `${hit.cardId}\t${day}`;
    let c = byKey.get(key);
    if (!c) {
      c = { cardId: hit.cardId, day, views: 0, saves: {}, taps: {} };
      byKey.set(key, c);
    }
    if (hit.kind === 'view') c.views++;
    else if (hit.kind === 'tap') c.taps![hit.tap] = (c.taps![hit.tap] ?? 0) + 1;
    else c.saves[hit.kind] = (c.saves[hit.kind] ?? 0) + 1;
    counted++;
  }
  const counts = [...byKey.values()].sort((a, b) => (a.cardId < b.cardId ? -1 : a.cardId > b.cardId ? 1 : a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  return { counts, lines: total, counted, bots };
}

/** Total saves of a day count over all kinds. */
export function totalSaves(c: DayCount): number {
  let n = 0;
  for (const kind of saveKinds) n += c.saves[kind] ?? 0;
  return n;
}

/** Total taps of a day count over all kinds. */
export function totalTaps(c: DayCount): number {
  let n = 0;
  for (const kind of tapKinds) n += c.taps?.[kind] ?? 0;
  return n;
}

/** The lines of a log file's bytes, gunzipped when they are gzip (CloudFront's `.gz` files). */
export async function* logLines(body: Readable | AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  const source = body instanceof Readable ? body : Readable.from(body);
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  if (first.done) return;
  const head: Buffer = first.value;
  // Put the first chunk back in front of the rest.
  const whole = Readable.from((async function* () {
    yield head;
    for (let r = await iterator.next(); !r.done; r = await iterator.next()) yield r.value;
  })());
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  const text = gzip ? whole.pipe(createGunzip()) : whole;
  yield* createInterface({ input: text, crlfDelay: Infinity });
}
