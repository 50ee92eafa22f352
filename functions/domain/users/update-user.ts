import { MAX_TRANSACT_ITEMS, tableName, transact } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError, ThrottledError, ValidationError } from '../../lib/errors.ts';
import { releasePasswordAttempt, reservePasswordAttempt } from '../auth/throttle.ts';
import { hashPassword, verifyPassword } from '../../lib/auth/password.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { userMessages } from '../../../shared/messages/users.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { getGroup } from '../groups/list-groups.ts';
import { getUserItem, toPublicUser } from './user-item.ts';
import { requireStrongPassword } from './password-policy.ts';
import { PASSWORD_RULES_VERSION } from '../../../shared/password/rules.ts';
import type { UserItem } from './user-item.ts';
import { requireNoSelfLockout } from '../../lib/permissions.ts';
import { membershipSteps } from '../companies/company-users.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { noteChange } from '../audit/audit-scope.ts';

export interface UserChanges {
  username?: string | undefined;
  email?: string | undefined;
  firstname?: string | undefined;
  lastname?: string | undefined;
  password?: string | undefined;
  userGroupId?: string | undefined;
  isActive?: boolean | undefined;
  /** The complete new set of companies (admin edit); absent keeps them. */
  companyIds?: string[] | undefined;
}

export interface UpdateUserOptions {
  userId: string;
  changes: UserChanges;
  /** Version the client last saw; a different current version means someone else changed the user. */
  expectedVersion?: number | undefined;
  /** Set when the user changes their own password or e-mail address: it must match the stored one. */
  currentPassword?: string | undefined;
  requireCurrentPassword: boolean;
  /** An admin editing their own account through the admin path: the own e-mail changes only on the account screen. */
  selfViaAdmin?: boolean;
  /** Who makes the change, so an admin cannot lock themselves out. */
  actor?: AuthUser | undefined;
  /** Client address: the current-password check is throttled like a sign-in. */
  ip?: string | undefined;
}

/**
 * Changes a user in one transaction guarded by the version read here, so concurrent edits
 * never overwrite each other. A new password or deactivation ends all existing sessions.
 */
export async function updateUser(o: UpdateUserOptions): Promise<PublicUser> {
  const current = await getUserItem(o.userId);
  if (!current) throw new NotFoundError(msg.errors.userNotFound);
  if (o.expectedVersion !== undefined && o.expectedVersion !== current.version) throw new ConflictError();
  const c = o.changes;

  const emailChanged = c.email !== undefined && c.email !== current.email;
  if (emailChanged && o.selfViaAdmin) throw new ValidationError(msg.errors.invalidInput, { email: msg.errors.ownEmailViaAccount });
  // Taking over an account by changing its e-mail (then "forgot password") needs the password too (ASVS 3.x / 2.x).
  if ((c.password || emailChanged) && o.requireCurrentPassword) {
    if (o.currentPassword === undefined) throw new ValidationError(msg.errors.invalidInput, { currentPassword: msg.validation.required });
    // A stolen session must not be a way around the sign-in throttle: same buckets, same account.
    const attempt = await reservePasswordAttempt({ usernameLower: current.usernameLower, ip: o.ip ?? 'unknown' }).catch((err: unknown) => {
      throw err instanceof ThrottledError ? new ThrottledError(err.retryAfterSeconds, msg.errors.throttledPassword) : err;
    });
    if (!(await verifyPassword(o.currentPassword, current.passwordHash))) {
      throw new ValidationError(msg.errors.wrongCurrentPassword, { currentPassword: msg.errors.wrongCurrentPassword });
    }
    await releasePasswordAttempt(attempt);
  }
  if (c.password) {
    await requireStrongPassword(c.password, {
      username: c.username ?? current.username, email: c.email ?? current.email,
      firstname: c.firstname ?? current.firstname, lastname: c.lastname ?? current.lastname,
    });
  }
  const group = c.userGroupId && c.userGroupId !== current.userGroup.id ? await getGroup({ groupId: c.userGroupId }) : undefined;
  if (c.userGroupId && c.userGroupId !== current.userGroup.id && !group) {
    throw new ValidationError(msg.errors.invalidInput, { userGroupId: msg.errors.groupNotFound });
  }

  const next: UserItem = {
    ...current,
    ...(c.username !== undefined ? { username: c.username, usernameLower: c.username.toLowerCase() } : {}),
    ...(c.email !== undefined ? { email: c.email } : {}),
    ...(c.firstname !== undefined ? { firstname: c.firstname } : {}),
    ...(c.lastname !== undefined ? { lastname: c.lastname } : {}),
    ...(c.isActive !== undefined ? { isActive: c.isActive } : {}),
    ...(group ? { userGroup: group } : {}),
    ...(c.password ? { passwordHash: await hashPassword(c.password) } : {}),
    version: current.version + 1,
    updatedAt: new Date().toISOString(),
  };
  const before = [...(current.companyIds ?? [])];
  const after = c.companyIds ?? before;
  const membership = { add: after.filter((id) => !before.includes(id)), remove: before.filter((id) => !after.includes(id)) };
  if (after.length) next.companyIds = new Set(after);
  else delete next.companyIds;
  if (o.actor) requireNoSelfLockout(o.actor, next);
  if (c.password) {
    delete next.passwordOutdated;
    next.passwordRulesChecked = PASSWORD_RULES_VERSION;
  } else if (next.username !== current.username || next.email !== current.email || next.firstname !== current.firstname || next.lastname !== current.lastname) {
    // The rules compare the password with these: the next sign-in checks it again.
    delete next.passwordRulesChecked;
  }
  const endsSessions = Boolean(c.password) || (current.isActive && !next.isActive);
  if (endsSessions) next.tokenVersion = current.tokenVersion + 1;

  const renamed = next.usernameLower !== current.usernameLower;
  const items: TransactItem[] = [
    {
      Put: {
        TableName: tableName(),
        // `next` carries the stored keys; the list entry must follow a renamed username.
        Item: { ...next, ...keys.user(next.id), ...keys.userListEntry(next.usernameLower, next.id), type: 'user' },
        ConditionExpression: 'version = :v',
        ExpressionAttributeValues: { ':v': current.version },
      },
    },
  ];
  if (renamed) {
    items.push(
      { Put: { TableName: tableName(), Item: { ...keys.username(next.usernameLower), type: 'username', userId: next.id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Delete: { TableName: tableName(), Key: keys.username(current.usernameLower) } },
    );
  }
  if (group) items.push({ ConditionCheck: { TableName: tableName(), Key: keys.group(group.id), ConditionExpression: 'attribute_exists(pk)' } });
  const firstCompanyStep = items.length;
  const companySteps = membershipSteps(next.id, membership);
  // One transaction holds at most MAX_TRANSACT_ITEMS writes.
  const maxChanges = MAX_TRANSACT_ITEMS - firstCompanyStep;
  if (companySteps.length > maxChanges) throw new ValidationError(msg.errors.invalidInput, { companyIds: userMessages.tooManyCompanyChanges(maxChanges) });
  items.push(...companySteps);

  await transact(items, (index) => {
    if (index === 0) return new ConflictError();
    if (renamed && index === 1) return new ConflictError(msg.errors.usernameTaken, { username: msg.errors.usernameTaken });
    if (index >= firstCompanyStep) return new ValidationError(msg.errors.invalidInput, { companyIds: userMessages.companyNotFound });
    return new ValidationError(msg.errors.invalidInput, { userGroupId: msg.errors.groupNotFound });
  });
  noteChange({ action: 'update', objectType: 'user', objectId: next.id, before: current, after: next });
  return toPublicUser(next);
}
