import { QueryCommand } from '../../lib/dynamo.ts';
import { db, queryAll, tableName } from '../../lib/db.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { Person } from '../../../shared/schemas/person.ts';
import { getProfileItem } from '../profiles/profile-item.ts';
import type { PersonItem } from './person-item.ts';

/**
 * One page of a profile's cards, oldest first. The cursor is checked to continue this profile's
 * list: the start key lies in its GSI1 partition.
 */
export async function listPersonsByProfile(o: { auth: AuthUser; profileId: string; limit: number; cursor?: string | undefined }): Promise<{ items: Person[]; nextCursor?: string }> {
  const profile = await getProfileItem(o.profileId);
  requireCompanyAccess(o.auth, profile?.companyId, personMessages.errors.profileNotFound);
  const partition = keys.personListPartition(o.profileId).gsi1pk;
  const start = decodeCursor(o.cursor, ['pk', 'sk', 'gsi1pk', 'gsi1sk'], (key) =>
    // The whole key must be one of this list's entries: its index partition and a person item.
    key.gsi1pk === partition && key.pk!.startsWith('PERSON#') && key.sk === keys.person('x').sk);
  const out = await db().send(new QueryCommand({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    Limit: o.limit,
    ExclusiveStartKey: start,
  }));
  const nextCursor = encodeCursor(out.LastEvaluatedKey);
  return { items: (out.Items ?? []) as PersonItem[], ...(nextCursor ? { nextCursor } : {}) };
}

/** Every card a company owns (its ownership entries), in no particular order. */
export function listPersonsOfCompany(o: { companyId: string }): Promise<PersonItem[]> {
  return queryAll<PersonItem>({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)',
    ExpressionAttributeValues: {
      ':pk': keys.ownedPartition(o.companyId).gsi2pk,
      ':kind': keys.ownedPersonPrefix(o.companyId).gsi2sk,
    },
  });
}

/** Split points of the card ids (UUIDs, hex) for reading a company's cards in parallel ranges. */
const RANGE_BOUNDS = ['', '4', '8', 'c', '\uffff'];

/**
 * Every card of a company with only the named attributes, read as four key ranges side by side
 * (a large export: 10,000 cards are about a dozen pages of 1 MB, which one Query reads one after
 * the other). The ranges share their bounds, so a card is kept once by its id.
 */
export async function readPersonsOfCompany<K extends keyof PersonItem>(o: { companyId: string; attributes: readonly K[] }): Promise<Pick<PersonItem, K | 'id'>[]> {
  const names = Object.fromEntries(['id', ...o.attributes].map((a, i) => [`#a${i}`, a]));
  const pk = keys.ownedPartition(o.companyId).gsi2pk;
  const prefix = keys.ownedPersonPrefix(o.companyId).gsi2sk;
  const parts = await Promise.all(RANGE_BOUNDS.slice(0, -1).map((lo, i) => queryAll<Pick<PersonItem, K | 'id'>>({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk BETWEEN :lo AND :hi',
    ExpressionAttributeValues: { ':pk': pk, ':lo': `${prefix}${lo}`, ':hi': `${prefix}${RANGE_BOUNDS[i + 1]}` },
    ProjectionExpression: Object.keys(names).join(', '),
    ExpressionAttributeNames: names,
  })));
  const byId = new Map(parts.flat().map((p) => [p.id, p]));
  return [...byId.values()];
}
