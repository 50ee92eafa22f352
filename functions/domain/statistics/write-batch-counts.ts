import { UpdateCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure } from '../../lib/db.ts';
import { saveKinds } from './counted-requests.ts';
import type { DayCount } from './parse-cdn-log.ts';
import { dayUpdate, rollupUpdate } from './counter-updates.ts';
import { companiesOfCards } from '../cards/read-card.ts';
import type { Unit } from './counter-updates.ts';

/** Counter updates in flight at once. */
const PARALLEL_UPDATES = 16;

/** Attribute on every counter item: the last merge batch that added to it (short: the company statistics read 1,000 rollups). */
export const LAST_BATCH = 'b';

/** Adds `from` into `into` (same card and day). */
function addInto(into: DayCount, from: DayCount): void {
  into.views += from.views;
  for (const kind of saveKinds) if (from.saves[kind]) into.saves[kind] = (into.saves[kind] ?? 0) + from.saves[kind]!;
}

/** Sums the counts of several files: one entry per (card, day), grouped by card. */
export function sumCounts(files: Iterable<readonly DayCount[]>): Unit[] {
  const byKey = new Map<string, DayCount>();
  for (const counts of files) {
    for (const c of counts) {
      const key = `${c.cardId}\t${c.day}`;
      const had = byKey.get(key);
      if (had) addInto(had, c);
      else byKey.set(key, { cardId: c.cardId, day: c.day, views: c.views, saves: { ...c.saves } });
    }
  }
  const units = new Map<string, Unit>();
  for (const c of byKey.values()) {
    const u = units.get(c.cardId);
    if (u) u.days.push(c);
    else units.set(c.cardId, { cardId: c.cardId, days: [c] });
  }
  return [...units.values()];
}

export interface BatchWriteResult {
  /** Counter updates that added (day and rollup items; 1 WRU each up to 1 KB). */
  updates: number;
  /** Updates an earlier run of the same batch had already made (condition failed, nothing added). */
  skippedUpdates: number;
  unknownCards: number;
}

/**
 * Applies a batch's summed counts: one plain update per (card, day) and one per card, each
 * conditioned on not carrying this batch yet and setting it. A resumed batch (a run that died
 * halfway) therefore adds only what is missing, without transactions (1 WRU instead of 2). Safe
 * because a source's batches run one after another (merge-cdn-logs.ts: lease).
 */
export async function writeBatchCounts(o: { batchId: string; units: readonly Unit[] }): Promise<BatchWriteResult> {
  const companyOf = await companiesOfCards(o.units.map((u) => u.cardId));
  const result: BatchWriteResult = { updates: 0, skippedUpdates: 0, unknownCards: o.units.filter((u) => !companyOf.has(u.cardId)).length };
  const updates = o.units.flatMap((u) => {
    const companyId = companyOf.get(u.cardId);
    if (!companyId) return [];
    return [...u.days.map((c) => dayUpdate(c)), rollupUpdate(companyId, u)].map((t) => t.Update!);
  });
  let next = 0;
  let failed = false;
  const worker = async () => {
    // After a failure the others stop too: the batch stays open and the next run resumes it.
    for (let i = next++; i < updates.length && !failed; i = next++) {
      const u = updates[i]!;
      try {
        await db().send(new UpdateCommand({
          TableName: u.TableName,
          Key: u.Key,
          UpdateExpression: `SET #lb = :lb ${u.UpdateExpression}`,
          ConditionExpression: 'attribute_not_exists(#lb) OR #lb <> :lb',
          ExpressionAttributeNames: { ...u.ExpressionAttributeNames, '#lb': LAST_BATCH },
          ExpressionAttributeValues: { ...u.ExpressionAttributeValues, ':lb': o.batchId },
        }));
        result.updates++;
      } catch (err) {
        if (!isConditionFailure(err)) {
          failed = true;
          throw err;
        }
        result.skippedUpdates++;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPDATES, updates.length) }, worker));
  return result;
}
