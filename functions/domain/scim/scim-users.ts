import { GetCommand } from '../../lib/dynamo.ts';
import { batchGetAll, db, queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { AppError, ConflictError } from '../../lib/errors.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { scimMessages } from '../../../shared/messages/scim.ts';
import { createPersonSchema } from '../../../shared/schemas/person.ts';
import type { PersonInput } from '../../../shared/schemas/person.ts';
import { createPerson } from '../cards/create-person.ts';
import { updatePerson } from '../cards/update-person.ts';
import { deletePerson } from '../cards/delete-person.ts';
import { getPersonItem } from '../cards/person-item.ts';
import type { PersonItem } from '../cards/person-item.ts';
import { cardProfile } from '../cards/card-profile.ts';
import { ScimError } from './scim-error.ts';
import { parseUser, userResource } from './scim-resource.ts';
import type { ScimUserData } from './scim-resource.ts';
import { cardFieldsOf } from './scim-card.ts';
import { applyPatch } from './scim-patch.ts';
import type { ScimFilter } from './scim-filter.ts';
import { getScimSettingsItem, scimBaseUrl } from './scim-settings.ts';
import { randomUUID } from 'node:crypto';

// SCIM Users of a company's directory are its synced cards (RFC 7644 section 3): create, read,
// list with the match-key filters, replace (Okta), patch (Entra ID), delete. Every write goes
// through the card functions of the back office, so counters, credits, the CDN and installed
// passes follow exactly as for a card edited by hand.

const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** Largest page a directory gets (it asks with `count`). */
export const MAX_PAGE = 200;

type StoredScim = NonNullable<PersonItem['scim']>;

export function scimResource(p: PersonItem): Record<string, unknown> {
  const s = p.scim!;
  return {
    ...userResource(s),
    id: p.id,
    meta: { resourceType: 'User', created: s.created, lastModified: s.lastModified, location: `${scimBaseUrl()}/Users/${p.id}`, version: `W/"${p.version}"` },
  };
}

const userNameKey = (companyId: string, userName: string) => keys.scimUserName(companyId, userName.toLowerCase());

/** The writes that keep the match keys unique per company, in the card's transaction. */
function matchKeySteps(companyId: string, personId: string, before: ScimUserData | undefined, after: ScimUserData | undefined): GuardedItem[] {
  const steps: GuardedItem[] = [];
  const pairs = [
    { key: (v: string) => userNameKey(companyId, v), owned: (v: string) => keys.ownedScimUserName(companyId, v.toLowerCase()), old: before?.userName, next: after?.userName, same: (a: string, b: string) => a.toLowerCase() === b.toLowerCase(), taken: scimMessages.userNameTaken },
    { key: (v: string) => keys.scimExternalId(companyId, v), owned: (v: string) => keys.ownedScimExternalId(companyId, v), old: before?.externalId, next: after?.externalId, same: (a: string, b: string) => a === b, taken: scimMessages.externalIdTaken },
  ];
  for (const p of pairs) {
    if (p.old !== undefined && p.next !== undefined && p.same(p.old, p.next)) continue;
    if (p.old !== undefined) {
      steps.push({
        item: { Delete: { TableName: tableName(), Key: p.key(p.old), ConditionExpression: 'attribute_not_exists(pk) OR personId = :p', ExpressionAttributeValues: { ':p': personId } } },
        onFail: () => new ConflictError(),
      });
    }
    if (p.next !== undefined) {
      const value = p.next;
      steps.push({
        item: { Put: { TableName: tableName(), Item: { ...p.key(value), ...p.owned(value), type: 'scimMatch', companyId, personId, value }, ConditionExpression: 'attribute_not_exists(pk) OR personId = :p', ExpressionAttributeValues: { ':p': personId } } },
        onFail: () => new ScimError(409, p.taken(value), 'uniqueness'),
      });
    }
  }
  return steps;
}

/** The synced card `id` of this company, else 404 (another company's card looks exactly like a missing one). */
async function syncedCard(companyId: string, id: string): Promise<PersonItem & { scim: StoredScim }> {
  const p = id.length <= 64 ? await getPersonItem(id, { consistent: true }) : undefined;
  if (!p || p.companyId !== companyId || !p.scim) throw new ScimError(404, scimMessages.notFound);
  return p as PersonItem & { scim: StoredScim };
}

async function cardByMatchKey(companyId: string, key: Record<string, string>): Promise<PersonItem | undefined> {
  const guard = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
  const personId = (guard.Item as { personId?: string } | undefined)?.personId;
  if (!personId) return undefined;
  const p = await getPersonItem(personId, { consistent: true });
  return p && p.companyId === companyId && p.scim ? p : undefined;
}

export async function getScimUser(o: { companyId: string; id: string }): Promise<Record<string, unknown>> {
  return scimResource(await syncedCard(o.companyId, o.id));
}

/** GET /Users: the filters the directories send, else every synced card by userName; `startIndex` is 1-based (RFC 7644 section 3.4.2.4). */
export async function listScimUsers(o: { companyId: string; filter?: ScimFilter | undefined; startIndex: number; count: number }): Promise<Record<string, unknown>> {
  let cards: PersonItem[];
  let total: number;
  if (o.filter) {
    const f = o.filter;
    const found = f.attr === 'id'
      ? await syncedCard(o.companyId, f.value).catch(() => undefined)
      : await cardByMatchKey(o.companyId, f.attr === 'userName' ? userNameKey(o.companyId, f.value) : keys.scimExternalId(o.companyId, f.value));
    cards = found && o.startIndex === 1 && o.count > 0 ? [found] : [];
    total = found ? 1 : 0;
  } else {
    const guards = await queryAll<{ personId: string }>({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
      ExpressionAttributeValues: { ':pk': keys.scimUserName(o.companyId, '').pk, ':prefix': 'USERNAME#' },
      ProjectionExpression: 'personId',
    });
    total = guards.length;
    const page = guards.slice(o.startIndex - 1, o.startIndex - 1 + o.count).map((g) => g.personId);
    const byId = new Map((await batchGetAll<PersonItem>(page.map((id) => keys.person(id)))).map((p) => [p.id, p]));
    cards = page.map((id) => byId.get(id)).filter((p): p is PersonItem => Boolean(p?.scim));
  }
  return { schemas: [LIST_SCHEMA], totalResults: total, startIndex: o.startIndex, itemsPerPage: cards.length, Resources: cards.map(scimResource) };
}

/** The card fields the back office owns stay as they are; the directory's come from the User. */
function cardInput(data: ScimUserData, base: Partial<PersonInput> & { companyProfilId: string }): PersonInput {
  return createPersonSchema.parse({
    companyProfilId: base.companyProfilId,
    adresseId: base.adresseId, nice: base.nice, url: base.url, image: base.image, imageWallet: base.imageWallet, color: base.color,
    social: base.social ?? [],
    ...cardFieldsOf(data),
  });
}

export async function createScimUser(o: { auth: AuthUser; companyId: string; body: unknown }): Promise<Record<string, unknown>> {
  const data = parseUser(o.body);
  const settings = await getScimSettingsItem(o.companyId);
  if (!settings.profileId) throw new ScimError(400, scimMessages.notConfigured);
  const profile = await cardProfile({ auth: o.auth, profileId: settings.profileId }).catch((err: unknown) => {
    throw err instanceof AppError ? new ScimError(400, scimMessages.profileGone) : err;
  });
  // Like the card form: a profile with exactly one address gives it to the new card.
  const adresseId = profile.adressen?.length === 1 ? profile.adressen[0]!.adresseId : undefined;
  const input = cardInput(data, { companyProfilId: profile.id, adresseId });
  const now = new Date().toISOString();
  const id = randomUUID();
  await createPerson({
    auth: o.auth, input, checkedProfile: profile, id,
    extra: { scim: { ...data, created: now, lastModified: now } },
    extraSteps: matchKeySteps(o.companyId, id, undefined, data),
  });
  return getScimUser({ companyId: o.companyId, id });
}

async function writeUser(o: { auth: AuthUser; companyId: string; id: string; next: (current: ScimUserData) => ScimUserData }): Promise<Record<string, unknown>> {
  for (let attempt = 1; ; attempt++) {
    const cur = await syncedCard(o.companyId, o.id);
    const data = o.next(cur.scim);
    try {
      await updatePerson({
        auth: o.auth, personId: cur.id, version: cur.version,
        input: cardInput(data, cur),
        extra: { scim: { ...data, created: cur.scim.created, lastModified: new Date().toISOString() } },
        extraSteps: matchKeySteps(o.companyId, cur.id, cur.scim, data),
      });
      return getScimUser({ companyId: o.companyId, id: o.id });
    } catch (err) {
      // Another write to the card between the read and this one: read it again, once.
      if (err instanceof ConflictError && attempt < 2) continue;
      throw err;
    }
  }
}

/** PUT: the directory's whole User replaces the one we keep (Okta's updates). */
export function replaceScimUser(o: { auth: AuthUser; companyId: string; id: string; body: unknown }): Promise<Record<string, unknown>> {
  const data = parseUser(o.body);
  return writeUser({ ...o, next: () => data });
}

/** PATCH: the operations on the User we keep (Entra ID's updates and deactivation; Okta's deactivation). */
export function patchScimUser(o: { auth: AuthUser; companyId: string; id: string; body: unknown }): Promise<Record<string, unknown>> {
  return writeUser({ ...o, next: (current) => parseUser(applyPatch(userResource(current), o.body)) });
}

/**
 * DELETE: the card is deactivated and leaves the sync (the company keeps it, editable again), or,
 * when the company chose so, deleted. Either way the User is gone for the directory (404 after).
 */
export async function deleteScimUser(o: { auth: AuthUser; companyId: string; id: string }): Promise<void> {
  const settings = await getScimSettingsItem(o.companyId);
  if (settings.deleteMode === 'delete') {
    await syncedCard(o.companyId, o.id);
    await deletePerson({ auth: o.auth, personId: o.id, extraSteps: (p) => matchKeySteps(o.companyId, p.id, p.scim, undefined) });
    return;
  }
  const cur = await syncedCard(o.companyId, o.id);
  await updatePerson({
    auth: o.auth, personId: cur.id, version: cur.version,
    input: { ...cardInput(cur.scim, cur), isActive: false },
    extra: { scim: undefined },
    extraSteps: matchKeySteps(o.companyId, cur.id, cur.scim, undefined),
  });
}
