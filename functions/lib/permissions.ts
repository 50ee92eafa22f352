import { ForbiddenError, NotFoundError, ValidationError } from './errors.ts';
import { msg } from '../../shared/messages.ts';
import type { AuthUser } from './auth/session.ts';
import type { TransactItem } from './db.ts';
import { keys } from './keys.ts';
import { tableName } from './db.ts';
import { isAdminGroup } from '../../shared/roles.ts';

// Every permission rule of the server lives here.

export function requireAdmin(auth: AuthUser): void {
  if (!auth.isAdmin) throw new ForbiddenError();
}

/** A user may read themselves; admins may read anyone. */
export function canReadUser(auth: AuthUser, userId: string): boolean {
  return auth.isAdmin || auth.id === userId;
}

export function requireCanReadUser(auth: AuthUser, userId: string): void {
  if (!canReadUser(auth, userId)) throw new ForbiddenError();
}

/**
 * An admin may not deactivate themselves or leave the admin group: with the last admin gone
 * nobody could undo it.
 */
export function requireNoSelfLockout(auth: AuthUser, target: { id: string; isActive: boolean; userGroup: { group: string } }): void {
  if (auth.id !== target.id || !auth.isAdmin) return;
  if (!target.isActive) throw new ValidationError(msg.errors.selfLockout, { isActive: msg.errors.selfLockout });
  if (!isAdminGroup(target.userGroup.group)) throw new ValidationError(msg.errors.selfLockout, { userGroupId: msg.errors.selfLockout });
}

/** Admins reach every company; a company user only the companies they are assigned to. */
export function canAccessCompany(auth: AuthUser, companyId: string): boolean {
  return auth.isAdmin || auth.companyIds.includes(companyId);
}

/**
 * Read-side check for anything a company owns. Another company's object answers 404, exactly
 * like a missing one, so ids of other tenants cannot be probed.
 */
export function requireCompanyAccess(auth: AuthUser, companyId: string | undefined, notFoundMessage?: string): asserts companyId is string {
  if (!companyId || !canAccessCompany(auth, companyId)) throw new NotFoundError(notFoundMessage);
}

/**
 * Write-side check that travels inside the transaction: the caller must still be assigned to
 * the company when the write happens (an admin removing them a moment earlier wins).
 * Empty for admins. Put it first, so a failure at index 0 means "no access".
 */
export function companyScopeCheck(auth: AuthUser, companyId: string): TransactItem[] {
  if (auth.isAdmin) return [];
  return [{
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.user(auth.id),
      ConditionExpression: 'contains(companyIds, :companyId) AND isActive = :true',
      ExpressionAttributeValues: { ':companyId': companyId, ':true': true },
    },
  }];
}
