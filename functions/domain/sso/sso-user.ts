import { randomUUID } from 'node:crypto';
import { batchGetAll, tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ForbiddenError, UnauthenticatedError } from '../../lib/errors.ts';
import { ssoMessages as m } from '../../../shared/messages/sso.ts';
import { isAdminGroup } from '../../../shared/roles.ts';
import type { IdTokenClaims } from '../../lib/oidc/id-token.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { membershipSteps } from '../companies/company-users.ts';
import { GROUP_IDS } from '../setup/ensure-initial-data.ts';
import { getGroup } from '../groups/list-groups.ts';
import { findUserByUsername } from '../users/find-user-by-username.ts';
import type { UserItem } from '../users/user-item.ts';
import type { SsoConfigItem } from './sso-config.ts';

/** Marks an account without a password (created by company sign-in): no password matches it. */
export const NO_PASSWORD = 'sso-only';

function verifiedEmail(claims: IdTokenClaims): string {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  // A provider that says the address is unverified is not trusted with it (OIDC Core 5.1).
  if (!email || !email.includes('@') || claims.email_verified === false || claims.email_verified === 'false') throw new UnauthenticatedError(m.emailMissing);
  return email;
}

function names(claims: IdTokenClaims, email: string): { firstname: string; lastname: string } {
  const clip = (s: string) => s.trim().slice(0, 200);
  let firstname = clip(claims.given_name ?? '');
  let lastname = clip(claims.family_name ?? '');
  if ((!firstname || !lastname) && claims.name) {
    const parts = claims.name.trim().split(/\s+/);
    firstname ||= clip(parts.slice(0, -1).join(' ') || parts[0] || '');
    lastname ||= clip(parts.length > 1 ? parts.at(-1)! : '');
  }
  return { firstname: firstname || email.split('@')[0]!, lastname: lastname || '-' };
}

/**
 * The back-office user this company sign-in stands for. A known user (the company's user with that
 * e-mail, else the user whose username is the address) signs in; an unknown one is created as a user
 * of this company. Platform admins never sign in through a company's provider (it could assert any
 * address), and nobody is moved into the company by it.
 */
export async function ssoUser(o: { config: SsoConfigItem; claims: IdTokenClaims }): Promise<{ user: UserItem; created: boolean }> {
  const email = verifiedEmail(o.claims);
  const domain = email.split('@').pop()!;
  if (!o.config.domains.includes(domain)) throw new ForbiddenError(m.domainNotAllowed);
  const companyId = o.config.companyId;
  const company = await getCompanyItem(companyId);
  if (!company || company.deleting) throw new UnauthenticatedError(m.stateInvalid);

  const members = await batchGetAll<UserItem>([...(company.userIds ?? [])].map((id) => keys.user(id)));
  let user = members.find((u) => u.email.trim().toLowerCase() === email) ?? (await findUserByUsername({ username: email }));
  const created = !user;
  if (!user) user = await createSsoUser({ companyId, email, claims: o.claims });
  if (isAdminGroup(user.userGroup.group)) throw new ForbiddenError(m.adminNoSso);
  if (!user.companyIds?.has(companyId)) throw new ForbiddenError(m.accountElsewhere);
  if (!user.isActive) throw new ForbiddenError(m.accountInactive);
  return { user, created };
}

async function createSsoUser(o: { companyId: string; email: string; claims: IdTokenClaims }): Promise<UserItem> {
  const group = await getGroup({ groupId: GROUP_IDS.user });
  if (!group) throw new Error('Die Benutzergruppe "user" fehlt.');
  const now = new Date().toISOString();
  const id = randomUUID();
  const item: UserItem & { sso: { issuer: string; subject: string } } = {
    id,
    username: o.email,
    usernameLower: o.email,
    email: o.email,
    ...names(o.claims, o.email),
    passwordHash: NO_PASSWORD,
    userGroup: group,
    isActive: true,
    companyIds: new Set([o.companyId]),
    tokenVersion: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
    sso: { issuer: String(o.claims.iss), subject: o.claims.sub },
  };
  try {
    await transact([
      { Put: { TableName: tableName(), Item: { ...keys.username(o.email), type: 'username', userId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...keys.user(id), ...keys.userListEntry(o.email, id), type: 'user', ...item } } },
      ...membershipSteps(id, { add: [o.companyId], remove: [] }),
    ], (index) => new RaceLost(index));
  } catch (err) {
    // Two first sign-ins at once: the other one created the user.
    if (err instanceof RaceLost && err.index === 0) {
      const other = await findUserByUsername({ username: o.email });
      if (other) return other;
    }
    if (err instanceof RaceLost) throw new UnauthenticatedError(m.stateInvalid);
    throw err;
  }
  return item;
}

class RaceLost extends Error {
  readonly index: number;
  constructor(index: number) {
    super(`condition ${index}`);
    this.index = index;
  }
}
