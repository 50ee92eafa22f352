import { batchGetAll, tableName, transact } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { saveKinds } from './counted-requests.ts';
import { totalSaves, totalTaps } from './parse-cdn-log.ts';
import { tapKindCodes, tapKinds } from '../../../shared/card/taps.ts';
import type { DayCount } from './parse-cdn-log.ts';
import { TOTAL_SAVES, TOTAL_TAPS, TOTAL_VIEWS, expiredMonths, savesAttribute, tapKindAttribute, tapsAttribute, viewsAttribute } from './rollup-attributes.ts';

/** A transaction holds 100 writes: 99 counter updates and the chunk's marker. */
export const CHUNK_UPDATES = 99;

/** Chunk markers outlive any redelivery of a file (S3 retries within hours) and then expire. */
const MARKER_DAYS = 30;

/** Transactions of one file in flight at once. */
const PARALLEL_CHUNKS = 8;

/** A card's counts of one file that go into one chunk: its day updates plus one rollup update. */
export interface Unit {
  cardId: string;
  days: DayCount[];
}

/**
 * Splits the (sorted) counts into chunks of whole cards, each at most CHUNK_UPDATES updates (days
 * + one rollup). Depends only on the file's content, so a redelivered file gives the same chunks
 * and each chunk's marker says whether it was already counted.
 */
export function planChunks(counts: readonly DayCount[]): Unit[][] {
  const units: Unit[] = [];
  for (const c of counts) {
    const last = units.at(-1);
    // A card with more days than fit one chunk (never in an hourly CloudFront file) is split into several units.
    if (last && last.cardId === c.cardId && last.days.length < CHUNK_UPDATES - 1) last.days.push(c);
    else units.push({ cardId: c.cardId, days: [c] });
  }
  const chunks: Unit[][] = [];
  let size = 0;
  for (const u of units) {
    const cost = u.days.length + 1;
    if (!chunks.length || size + cost > CHUNK_UPDATES) {
      chunks.push([]);
      size = 0;
    }
    chunks.at(-1)!.push(u);
    size += cost;
  }
  return chunks;
}

/** An UpdateExpression under construction: ADDs of non-zero counts, placeholders for every name and value. */
function expression() {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const adds: string[] = [];
  const add = (attribute: string, n: number) => {
    if (!n) return;
    const i = adds.length;
    names[`#a${i}`] = attribute;
    values[`:a${i}`] = n;
    adds.push(`#a${i} :a${i}`);
  };
  return { names, values, adds, add };
}

// Counters carry no GSI2 (ownership) keys: the index projects every attribute, so each counter
// update would be written twice (table and index, 2 WRU instead of 1). The company delete finds
// them through its rollup partition instead (delete-card-statistics.ts: deleteCompanyStatistics).
export function dayUpdate(c: DayCount): TransactItem {
  const { names, values, adds, add } = expression();
  add('views', c.views);
  add('saves', totalSaves(c));
  for (const kind of saveKinds) add(`save_${kind}`, c.saves[kind] ?? 0);
  add('taps', totalTaps(c));
  for (const kind of tapKinds) add(`tap_${kind}`, c.taps?.[kind] ?? 0);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cardStatDay(c.cardId, c.day),
      UpdateExpression: `ADD ${adds.join(', ')}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

export function rollupUpdate(companyId: string, u: Unit): TransactItem {
  const perMonth = new Map<string, { views: number; saves: number; taps: number }>();
  let views = 0;
  let saves = 0;
  let taps = 0;
  const byKind = new Map<string, number>();
  for (const c of u.days) {
    const month = c.day.slice(0, 7);
    const m = perMonth.get(month) ?? { views: 0, saves: 0, taps: 0 };
    m.views += c.views;
    m.saves += totalSaves(c);
    m.taps += totalTaps(c);
    perMonth.set(month, m);
    views += c.views;
    saves += totalSaves(c);
    taps += totalTaps(c);
    for (const kind of tapKinds) if (c.taps?.[kind]) byKind.set(kind, (byKind.get(kind) ?? 0) + c.taps[kind]!);
  }
  const { names, values, adds, add } = expression();
  add(TOTAL_VIEWS, views);
  add(TOTAL_SAVES, saves);
  add(TOTAL_TAPS, taps);
  for (const [kind, n] of byKind) add(tapKindAttribute(tapKindCodes[kind as keyof typeof tapKindCodes]), n);
  for (const [month, m] of perMonth) {
    add(viewsAttribute(month), m.views);
    add(savesAttribute(month), m.saves);
    add(tapsAttribute(month), m.taps);
  }
  // Months long out of the window go, so the items the company statistics read stay small.
  const newest = [...perMonth.keys()].sort().at(-1)!;
  const written = new Set([...perMonth.keys()].flatMap((m) => [viewsAttribute(m), savesAttribute(m), tapsAttribute(m)]));
  const removes = expiredMonths(newest)
    .flatMap((m) => [viewsAttribute(m), savesAttribute(m), tapsAttribute(m)])
    .filter((a) => !written.has(a))
    .map((a, i) => {
      names[`#r${i}`] = a;
      return `#r${i}`;
    });
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cardStatRollup(companyId, u.cardId),
      UpdateExpression: `ADD ${adds.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
    },
  };
}

class AlreadyCounted extends Error {}

export interface WriteResult {
  chunks: number;
  /** Chunks a previous delivery of the same file had already counted. */
  skippedChunks: number;
  /** Counter updates written (day and rollup items). */
  updates: number;
  /** Transactions that went through (each also wrote its chunk's marker). */
  transactions: number;
  /** Cards in the log that are not (or no longer) in the table: their lines count nothing. */
  unknownCards: number;
}

/** Which company each card belongs to (eventually consistent: a card is never counted before it exists). */
export async function companiesOf(cardIds: string[]): Promise<Map<string, string>> {
  const items = await batchGetAll<{ id: string; companyId: string }>(
    cardIds.map((id) => keys.person(id)),
    { expression: '#id, #c', names: { '#id': 'id', '#c': 'companyId' } },
  );
  const found = new Map(items.map((i) => [i.id, i.companyId]));
  // Legacy persons' cards (functions/domain/vcard) count under their legacy company.
  const rest = cardIds.filter((id) => !found.has(id));
  const legacy = rest.length
    ? await batchGetAll<{ id: string; companyId: string }>(rest.map((id) => keys.vcardPerson(id)), { expression: '#id, #c', names: { '#id': 'id', '#c': 'companyId' } })
    : [];
  for (const i of legacy) found.set(i.id, i.companyId);
  return found;
}

/**
 * Adds a file's counts to the table: per chunk one transaction of its counter updates plus a
 * marker item that must not exist yet. A redelivered file finds its markers and counts nothing
 * twice; a run that died halfway is completed by the redelivery (counted chunks are skipped).
 */
export async function writeCounts(o: { fileId: string; counts: readonly DayCount[]; now?: Date }): Promise<WriteResult> {
  const chunks = planChunks(o.counts);
  const cardIds = [...new Set(o.counts.map((c) => c.cardId))];
  const companyOf = await companiesOf(cardIds);
  const expiresAt = Math.floor((o.now ?? new Date()).getTime() / 1000) + MARKER_DAYS * 86400;
  const result: WriteResult = { chunks: chunks.length, skippedChunks: 0, updates: 0, transactions: 0, unknownCards: cardIds.filter((id) => !companyOf.has(id)).length };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < chunks.length; i = next++) {
      const updates = chunks[i]!.flatMap((u) => {
        const companyId = companyOf.get(u.cardId);
        if (!companyId) return [];
        return [...u.days.map((c) => dayUpdate(c)), rollupUpdate(companyId, u)];
      });
      if (!updates.length) continue;
      const marker: TransactItem = {
        Put: {
          TableName: tableName(),
          Item: { ...keys.cdnLogChunk(o.fileId, i), type: 'cdnLogChunk', expiresAt },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      };
      try {
        await transact([marker, ...updates], () => new AlreadyCounted());
        result.updates += updates.length;
        result.transactions++;
      } catch (err) {
        if (!(err instanceof AlreadyCounted)) throw err;
        result.skippedChunks++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_CHUNKS, chunks.length) }, worker));
  return result;
}
