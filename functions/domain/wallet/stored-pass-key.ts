import { log } from '../../lib/log.ts';
import { uploads } from '../../lib/storage/index.ts';
import { assertSafeKey } from '../../lib/storage/storage.ts';
import { STORED_PASSES_PREFIX } from '../../../shared/api/needs.ts';

// Where a card's stored pass lives and how it goes (stored-pass.ts makes it). Its own module, so
// what only removes passes (company delete, erasure, the image reprocess) loads nothing of the pass.

/** The stored pass of a card; undefined for an id no storage key can hold (its pass is then built each time). */
export function storedPassKey(cardId: string): string | undefined {
  const key = `${STORED_PASSES_PREFIX}${cardId}.pkpass`;
  try {
    assertSafeKey(key);
    return key;
  } catch {
    return undefined;
  }
}

/** Removes a deleted card's stored pass (in the versioned bucket it stays recoverable as long as a deleted image). */
export async function removeStoredPass(cardId: string): Promise<void> {
  const key = storedPassKey(cardId);
  if (key) await uploads().delete(key);
}

/** Removes an erased card's stored pass with every stored version (DSGVO Art. 17: it holds the person). Answers how many versions went. */
export async function purgeStoredPass(cardId: string): Promise<number> {
  const key = storedPassKey(cardId);
  return key ? uploads().purge(key) : 0;
}

/** Removes every stored pass (after the image reprocess: a pass may lack images that exist now); rebuilt on demand. */
export async function clearStoredPasses(): Promise<number> {
  const keys = (await uploads().list(STORED_PASSES_PREFIX)).filter((k) => k.endsWith('.pkpass'));
  for (let i = 0; i < keys.length; i += 10) await Promise.all(keys.slice(i, i + 10).map((k) => uploads().delete(k)));
  if (keys.length) log('info', 'stored passes removed: they are built again on their next download or card change', { passes: keys.length });
  return keys.length;
}
