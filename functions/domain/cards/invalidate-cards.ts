import { queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { CardChange } from './card-change.ts';

// The CDN keeps a card's JSON and vCard until told otherwise (cache-control s-maxage, see
// functions/lib/http.ts cdnCached). The `card-changed` job asks for these paths to be dropped
// after a change, so the next view loads the new card.

/** Above this many cards one change invalidates `ALL_CARDS_PATHS` instead of three paths per card. */
export const MAX_CARDS_BY_PATH = 100;

/**
 * Every cached card: its JSON and vCard on `/api/card/` (the private `/api/card/company/*` is not
 * cached, so this only drops cards) and its page `/c/{id}`, which carries the same JSON (issue 20).
 */
export const ALL_CARDS_PATHS: readonly string[] = ['/api/card/*', '/c/*'];

/**
 * The cached answers of one card: `GET /api/card/{id}`, its vCard, and the page `/c/{id}` that
 * holds the same JSON. Whoever lists a card's CDN paths takes them from here.
 */
export function cardCdnPaths(personId: string): string[] {
  const id = encodeURIComponent(personId);
  return [`/api/card/${id}`, `/api/card/${id}/vcard`, `/c/${id}`];
}

/** The Query listing the cards of a profile, a company or a legacy company. */
export function cardsQuery(change: CardChange): Parameters<typeof queryPages>[0] {
  if (change.scope === 'profile') {
    return {
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.personListPartition(change.targetId).gsi1pk },
    };
  }
  const prefix = change.scope === 'legacyCompany' ? keys.ownedVcardPersonPrefix(change.targetId) : keys.ownedPersonPrefix(change.targetId);
  return {
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.gsi2pk, ':sk': prefix.gsi2sk },
  };
}

/**
 * The ids of the cards a change touches, read only up to MAX_CARDS_BY_PATH: `all` when there are
 * more (or the company is being deleted, whose card ids may be gone already), where the wildcard
 * is cheaper than the list.
 */
export async function affectedCardIds(change: CardChange): Promise<string[] | 'all'> {
  if (change.scope === 'card') return [change.targetId];
  if (change.companyDeleted) return 'all';
  const ids: string[] = [];
  for await (const page of queryPages<{ id?: string }>({ ...cardsQuery(change), ProjectionExpression: 'id' })) {
    for (const item of page) if (item.id) ids.push(item.id);
    if (ids.length > MAX_CARDS_BY_PATH) return 'all';
  }
  return ids;
}

/**
 * The CDN paths of a batch of changes: each card's three, or the wildcards once anything touches
 * many, and always the paths a change names itself (an erased card's images, which no card
 * wildcard covers).
 */
export async function cdnPathsOf(changes: CardChange[]): Promise<string[]> {
  const cards = new Set<string>();
  const own = new Set(changes.flatMap((c) => c.paths ?? []));
  for (const change of changes) {
    // A new card has no cached copy yet.
    if (change.created) continue;
    const ids = await affectedCardIds(change);
    if (ids === 'all') return [...ALL_CARDS_PATHS, ...own];
    for (const id of ids) for (const p of cardCdnPaths(id)) cards.add(p);
  }
  return [...cards, ...own];
}
