import { invalidate } from '../../lib/cdn/invalidate.ts';
import { queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { log } from '../../lib/log.ts';

// The CDN keeps a card's JSON and vCard until told otherwise (cache-control s-maxage, see
// functions/lib/http.ts cdnCached). Every write that changes what a card shows calls one of these
// after it succeeded, so the next view loads the new card.

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

/**
 * The data change has already happened: a failure here must not turn it into an error answer.
 * It is logged with what to do instead.
 */
async function guarded(what: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    log('error', `cdn invalidation of ${what} failed: invalidate ${ALL_CARDS_PATHS.join(' ')} by hand (aws cloudfront create-invalidation)`, {
      error: err instanceof Error ? err.message : String(err),
    });
  }
}

/** One card changed, was (de)activated or deleted. */
export function invalidateCard(personId: string): Promise<void> {
  return guarded(`card ${personId}`, () => invalidate(cardCdnPaths(personId)));
}

/** Card ids of one Query, read only up to the limit: past it the wildcard is cheaper than the list. */
export async function invalidateQueried(what: string, query: Parameters<typeof queryPages>[0]): Promise<void> {
  await guarded(what, async () => {
    const ids: string[] = [];
    for await (const page of queryPages<{ id?: string }>({ ...query, ProjectionExpression: 'id' })) {
      for (const item of page) if (item.id) ids.push(item.id);
      if (ids.length > MAX_CARDS_BY_PATH) return invalidate([...ALL_CARDS_PATHS]);
    }
    if (ids.length) await invalidate(ids.flatMap(cardCdnPaths));
  });
}

/** A profile changed: all its cards show it. */
export function invalidateProfileCards(profileId: string): Promise<void> {
  return invalidateQueried(`the cards of profile ${profileId}`, {
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.personListPartition(profileId).gsi1pk },
  });
}

/** A company's org or language changed (or it is being deleted): all its cards show it. */
export function invalidateCompanyCards(companyId: string): Promise<void> {
  const prefix = keys.ownedPersonPrefix(companyId);
  return invalidateQueried(`the cards of company ${companyId}`, {
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.gsi2pk, ':sk': prefix.gsi2sk },
  });
}
