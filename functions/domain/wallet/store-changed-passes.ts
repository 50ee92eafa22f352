import type { AppleConfig } from '../../lib/wallet/config.ts';
import { queryPages } from '../../lib/db.ts';
import { log } from '../../lib/log.ts';
import { pool } from '../../lib/pool.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import type { CardChange } from '../cards/card-change.ts';
import { cardsQuery } from '../cards/invalidate-cards.ts';
import { loadWalletCard } from './wallet-card.ts';
import { buildAndStorePass, currentStoredPass, passContentKey } from './stored-pass.ts';
import { purgeStoredPass, removeStoredPass } from './stored-pass-key.ts';

// The stored-pass half of the `card-changed` job: every changed card's Apple pass is built and
// stored before its devices are pushed (their GET then finds it), and a visitor's first download
// of it is served stored too. A deleted or erased card's stored pass goes.

/**
 * Passes one batch builds at most (about 30 ms of CPU each here, 3-4x that on a 512 MB Lambda:
 * the job's 300 s timeout). Cards past it are logged and built on their first download instead.
 */
export const PASS_BUILDS_PER_BATCH = 1000;
/** Builds at once: signing is CPU, this only overlaps the reads and writes around it. */
export const PASS_BUILDS_IN_FLIGHT = 4;

export interface StoredPassesResult {
  built: number;
  /** Stored and still current (the change did not touch what the pass shows). */
  current: number;
  removed: number;
  /** Past PASS_BUILDS_PER_BATCH: built on their next download. */
  deferred: number;
  failed: number;
}

async function cardIdsOf(change: CardChange): Promise<string[]> {
  if (change.scope === 'card') return change.erased || change.deletedCard ? [] : [change.targetId];
  // A company being deleted takes its passes with its cards (deleteOwnedItems).
  if (change.companyDeleted) return [];
  const ids: string[] = [];
  for await (const page of queryPages<{ id?: string }>({ ...cardsQuery(change), ProjectionExpression: 'id' })) {
    for (const item of page) if (item.id) ids.push(item.id);
  }
  return ids;
}

/**
 * Removes the stored passes of deleted and erased cards (also without Apple configuration: a
 * pass stored before still holds the person), then, with `config`, builds and stores the pass of
 * every other card the changes touch whose stored one is not current; `first` (the serials whose
 * devices are about to be pushed) go first.
 */
export async function storeChangedPasses(o: { changes: CardChange[]; config: AppleConfig | undefined; first?: Iterable<string> }): Promise<StoredPassesResult> {
  const result: StoredPassesResult = { built: 0, current: 0, removed: 0, deferred: 0, failed: 0 };
  const removals = o.changes.filter((c) => c.scope === 'card' && (c.erased || c.deletedCard));
  const gone = new Set(removals.map((c) => c.targetId));
  for (const change of removals) {
    // The erasure purged it already; once more here, every version, in case a build of this job raced it.
    if (change.erased) await purgeStoredPass(change.targetId);
    else await removeStoredPass(change.targetId);
    result.removed++;
  }
  if (!o.config) return result;
  const config = o.config;
  const ids = new Set<string>();
  for (const id of o.first ?? []) if (!gone.has(id)) ids.add(id);
  const seen = new Set<string>();
  for (const change of o.changes) {
    const target = `${change.scope}#${change.targetId}`;
    if (seen.has(target)) continue;
    seen.add(target);
    for (const id of await cardIdsOf(change)) if (!gone.has(id)) ids.add(id);
  }
  const all = [...ids];
  const todo = all.slice(0, PASS_BUILDS_PER_BATCH);
  result.deferred = all.length - todo.length;
  if (result.deferred) log('warn', 'card-changed: more passes than one batch builds; the rest are built on their first download', { cards: all.length, built: todo.length, deferred: result.deferred });
  const baseUrl = publicBaseUrl();
  await pool(todo, PASS_BUILDS_IN_FLIGHT, async (id) => {
    const card = await loadWalletCard(id);
    // Gone since (a later change removes its pass), or its company is being deleted.
    if (!card || card.company?.deleting) return;
    const inputs = { card, config, baseUrl, voided: !card.person.isActive };
    const contentKey = await passContentKey(inputs);
    if (await currentStoredPass({ ...inputs, contentKey })) {
      result.current++;
      return;
    }
    try {
      await buildAndStorePass({ ...inputs, contentKey });
      result.built++;
    } catch (err) {
      // Broken certificates (logged by the builder): the download says so; the batch goes on.
      result.failed++;
      if (result.failed === 1) log('error', 'card-changed: apple pass not built; it is built on its next download', { cardId: id, error: err instanceof Error ? err.message : String(err) });
    }
  });
  return result;
}
