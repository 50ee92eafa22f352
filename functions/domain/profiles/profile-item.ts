import { GetCommand } from '../../lib/dynamo.ts';
import { db, queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

/**
 * Attribute holding `settings.customCss` scoped to the card root (functions/lib/custom-css.ts),
 * written with the CSS; the public card serves it as its customCss.
 */
export const SCOPED_CSS = 'customCssScoped';

/** Profile fields that name an upload of the profile's company. */
export const profileUploadFields = ['logo', 'appleLogo', 'walletLogo'] as const;

/**
 * A profile as stored. The full field list (spec §3 CardCompanyProfil) is the shared zod
 * schema's output; the server adds ownership, a card counter and a version.
 */
export interface ProfileItem {
  id: string;
  companyId: string;
  profilname: string;
  adressen?: { adresseId: string; [field: string]: unknown }[];
  settings?: Record<string, unknown>;
  /** Number of persons (cards) on this profile; changed in the same transaction as the person. */
  cardCount: number;
  version: number;
  createdAt: string;
  updatedAt: string;
  [field: string]: unknown;
}

/** `consistent` for a read that a write is based on: right after a create or edit it sees that write. */
export async function getProfileItem(profileId: string, o: { consistent?: boolean } = {}): Promise<ProfileItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.profile(profileId), ConsistentRead: o.consistent === true }));
  return out.Item as ProfileItem | undefined;
}

/**
 * A company's profiles in creation order (its GSI1 list, all pages). `projection` names the
 * attributes to read when the caller needs only a few.
 */
export function queryCompanyProfiles<T = ProfileItem>(o: { companyId: string; projection?: readonly string[] }): Promise<T[]> {
  const names = o.projection?.map((name, i) => [`#a${i}`, name] as const);
  return queryAll<T>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.profileListPartition(o.companyId).gsi1pk },
    ...(names ? { ProjectionExpression: names.map(([alias]) => alias).join(', '), ExpressionAttributeNames: Object.fromEntries(names) } : {}),
  });
}

/** The stored form: the item with its key, its place in the company's list and its owner (GSI2). */
export function profileRecord(p: ProfileItem): Record<string, unknown> {
  return {
    ...keys.profile(p.id),
    ...keys.profileListEntry(p.companyId, p.createdAt, p.id),
    ...keys.ownedProfile(p.companyId, p.id),
    type: 'profile',
    ...p,
  };
}
