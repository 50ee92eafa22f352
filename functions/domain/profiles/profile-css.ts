import { GetCommand } from '../../lib/dynamo.ts';
import { batchGetAll, db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { profileMessages } from '../../../shared/messages/profile.ts';
import type { ProfileItem } from './profile-item.ts';

// A profile's customCss as typed lives in an item of its own (keys.profileCss): the public card
// reads the profile item on every CDN miss and needs only the scoped copy, so the raw CSS (up to
// 20 KB) kept there doubled its read units (issue 9's budget). The form, the copy and the exports
// read it here. Profiles saved before hold it inline in `settings.customCss`: read as a fallback
// while they have no CSS item; their next save moves it (the save replaces `settings` whole).

/** The CSS item as stored. */
interface ProfileCssItem {
  profileId: string;
  companyId: string;
  css: string;
}

/** The profile's raw CSS: its CSS item's, else the inline one of a profile saved before the split, else null. */
export function cssOf(profile: ProfileItem, cssItem: { css?: unknown } | undefined): string | null {
  if (typeof cssItem?.css === 'string') return cssItem.css;
  const inline = (profile.settings as { customCss?: unknown } | undefined)?.customCss;
  return typeof inline === 'string' && inline ? inline : null;
}

/** The profile as the API shows it: its settings with the raw CSS (the item's own attributes stay). */
export function withCss<T extends ProfileItem>(profile: T, css: string | null): T {
  return { ...profile, settings: { ...profile.settings, customCss: css } };
}

/** The settings as the profile item stores them: without the raw CSS, which goes to the CSS item. */
export function settingsWithoutCss<S extends object | undefined>(settings: S): S {
  if (!settings) return settings;
  const { customCss: _raw, ...rest } = settings as Record<string, unknown>;
  return rest as S;
}

/** `consistent` for the form (it shows what the last save wrote, the profile item read the same way). */
export async function getProfileCssItem(profileId: string, o: { consistent?: boolean } = {}): Promise<ProfileCssItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.profileCss(profileId), ConsistentRead: o.consistent === true }));
  return out.Item as ProfileCssItem | undefined;
}

/** The raw CSS of many profiles (a company's list): one BatchGetItem per 100. */
export async function cssOfProfiles<T extends ProfileItem>(profiles: T[]): Promise<T[]> {
  if (!profiles.length) return profiles;
  const items = await batchGetAll<ProfileCssItem>(profiles.map((p) => keys.profileCss(p.id)));
  const byProfile = new Map(items.map((i) => [i.profileId, i]));
  return profiles.map((p) => withCss(p, cssOf(p, byProfile.get(p.id))));
}

/**
 * The CSS item's write in the profile's transaction: a Put with the CSS, a Delete without (none
 * for a new profile without CSS). The item must be new (`created`) or the company's own: the
 * tenant is part of the write's condition.
 */
export function profileCssSteps(o: { profileId: string; companyId: string; css: string | null; created?: boolean }): GuardedItem[] {
  if (o.created && !o.css) return [];
  const condition = o.created
    ? { ConditionExpression: 'attribute_not_exists(pk)' }
    : { ConditionExpression: 'attribute_not_exists(pk) OR companyId = :cid', ExpressionAttributeValues: { ':cid': o.companyId } };
  const key = keys.profileCss(o.profileId);
  const onFail = () => (o.created ? new Error('profile css id collision') : new NotFoundError(profileMessages.notFound));
  if (!o.css) return [{ item: { Delete: { TableName: tableName(), Key: key, ...condition } }, onFail }];
  const item: ProfileCssItem & Record<string, unknown> = {
    ...key, ...keys.ownedProfileCss(o.companyId, o.profileId), type: 'profileCss', profileId: o.profileId, companyId: o.companyId, css: o.css,
  };
  return [{ item: { Put: { TableName: tableName(), Item: item, ...condition } }, onFail }];
}

/** The CSS item's removal with its profile (same condition: missing or the company's own). */
export function profileCssRemoval(o: { profileId: string; companyId: string }): GuardedItem[] {
  return profileCssSteps({ ...o, css: null });
}
