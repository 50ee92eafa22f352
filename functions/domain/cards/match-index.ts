import { createHash } from 'node:crypto';
import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, queryAll, tableName } from '../../lib/db.ts';
import type { ItemKey, TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';

// The card match index of the import tools: which cards of a company have a given first name,
// last name and first e-mail. The card writes (create, update, delete) keep it in their own
// transaction, so an import finds a card with one BatchGetItem per batch however many cards the
// company has, instead of reading all of them.

type Matchable = { firstname: string; lastname: string; email: readonly { value: string }[] };

/** First name, last name and first e-mail, case and Unicode form ignored. */
export function matchKey(p: Matchable): string {
  const norm = (s: string | undefined) => (s ?? '').normalize('NFC').trim().toLowerCase();
  return [norm(p.firstname), norm(p.lastname), norm(p.email[0]?.value)].join('\u0000');
}

export function matchKeyHash(p: Matchable): string {
  return createHash('sha256').update(matchKey(p)).digest('base64url');
}

function indexUpdate(companyId: string, personId: string, keyHash: string, op: 'ADD' | 'DELETE'): TransactItem {
  const owned = keys.ownedCardMatch(companyId, keyHash);
  return {
    Update: {
      TableName: tableName(),
      Key: keys.cardMatch(companyId, keyHash),
      UpdateExpression: op === 'ADD'
        ? 'ADD personIds :ids SET gsi2pk = :g2pk, gsi2sk = :g2sk, companyId = :cid, #type = :type'
        : 'DELETE personIds :ids',
      ExpressionAttributeValues: {
        ':ids': new Set([personId]),
        ...(op === 'ADD' ? { ':g2pk': owned.gsi2pk, ':g2sk': owned.gsi2sk, ':cid': companyId, ':type': 'cardMatch' } : {}),
      },
      ...(op === 'ADD' ? { ExpressionAttributeNames: { '#type': 'type' } } : {}),
    },
  };
}

// Unconditional updates: they can only fail with the whole transaction (a conflict is retried).
const step = (item: TransactItem): GuardedItem => ({ item, onFail: () => new Error('match index update failed') });

/** Steps for a card written as `next` that was `previous` (absent for a create / delete). */
export function matchIndexSteps(companyId: string, personId: string, previous: Matchable | undefined, next: Matchable | undefined): GuardedItem[] {
  const before = previous && matchKeyHash(previous);
  const after = next && matchKeyHash(next);
  if (before === after) return [];
  return [
    ...(before ? [step(indexUpdate(companyId, personId, before, 'DELETE'))] : []),
    ...(after ? [step(indexUpdate(companyId, personId, after, 'ADD'))] : []),
  ];
}

/** BatchGetItem with strongly consistent reads: a card the previous batch wrote is found. */
export async function consistentBatchGet<T>(keyList: ItemKey[]): Promise<T[]> {
  const items: T[] = [];
  for (let i = 0; i < keyList.length; i += 100) {
    let pending: ItemKey[] | undefined = keyList.slice(i, i + 100);
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: pending, ConsistentRead: true } } }));
      items.push(...((out.Responses?.[tableName()] ?? []) as T[]));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys as ItemKey[] | undefined;
    }
  }
  return items;
}

/** The ids of the company's cards under each key hash (stale ids possible: callers check the card). */
export async function matchCandidates(companyId: string, hashes: readonly string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(hashes)];
  const items = await consistentBatchGet<{ sk: string; personIds?: Set<string> }>(unique.map((h) => keys.cardMatch(companyId, h)));
  return new Map(items.map((i) => [i.sk, [...(i.personIds ?? [])]]));
}

/**
 * Cards written before the index existed are added once per company (then a marker is written).
 * ADD is idempotent and card writes keep their own entries, so a card edited meanwhile at worst
 * leaves a stale id, which callers check against the card.
 */
export async function matchIndexReady(companyId: string): Promise<boolean> {
  const marker = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cardMatchIndexed(companyId), ConsistentRead: true }));
  return Boolean(marker.Item);
}

/** Adds the company's existing cards to the index and writes the marker (call for an existing company only). */
export async function buildMatchIndex(companyId: string): Promise<void> {
  const cards = await queryAll<Matchable & { id: string }>({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)',
    ExpressionAttributeValues: { ':pk': keys.ownedPartition(companyId).gsi2pk, ':kind': keys.ownedPersonPrefix(companyId).gsi2sk },
    ProjectionExpression: 'id, firstname, lastname, email',
  });
  for (let i = 0; i < cards.length; i += 10) {
    await Promise.all(cards.slice(i, i + 10).map((card) => db().send(new UpdateCommand(indexUpdate(companyId, card.id, matchKeyHash(card), 'ADD').Update!))));
  }
  await db().send(new PutCommand({
    TableName: tableName(),
    Item: { ...keys.cardMatchIndexed(companyId), ...keys.ownedCardMatchIndexed(companyId), type: 'cardMatchIndexed', companyId, cards: cards.length, createdAt: new Date().toISOString() },
  }));
}
