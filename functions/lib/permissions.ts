import { ForbiddenError, NotFoundError, ValidationError } from './errors.ts';
import { commonMessages as msg } from '../../shared/messages/common.ts';
import { companyMessages } from '../../shared/messages/company.ts';
import { statisticMessages } from '../../shared/messages/statistic.ts';
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

/**
 * The admin path sets passwords without the current one; for one's own account that would let
 * a stolen session take the account over for good, so it goes through the account screen.
 */
export function requireOwnPasswordViaAccount(auth: AuthUser, userId: string, setsPassword: boolean): void {
  if (setsPassword && auth.id === userId) {
    throw new ValidationError(msg.errors.ownPasswordViaAccount, { password: msg.errors.ownPasswordViaAccount });
  }
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

/** Companies a list shows: every company for admins, the assigned ones for everybody else. */
export function visibleCompanyScope(auth: AuthUser): { all: true } | { all: false; companyIds: readonly string[] } {
  return auth.isAdmin ? { all: true } : { all: false, companyIds: auth.companyIds };
}

/**
 * Statistics of a company (screens and routes) need its `display.statistik` (spec §6); admins see
 * them regardless, because they switch the flag and need the numbers to decide.
 */
export function requireStatisticsVisible(auth: AuthUser, company: { display?: { statistik?: boolean } }): void {
  if (auth.isAdmin) return;
  if (company.display?.statistik === false) throw new ForbiddenError(statisticMessages.errors.disabled);
}

/** Who works for a company is the admin's decision (spec §2 Benutzerverwaltung). */
export function canAssignCompanyUsers(auth: AuthUser): boolean {
  return auth.isAdmin;
}

/** The company's settings (`display.statistik`) switch features the admin controls. */
export function canManageCompanySettings(auth: AuthUser): boolean {
  return auth.isAdmin;
}

/** A company change may touch the users and the settings only when the caller may manage them. */
export function requireCompanyChangeAllowed(auth: AuthUser, changes: { userIds?: unknown; display?: unknown }): void {
  if (changes.userIds !== undefined && !canAssignCompanyUsers(auth)) throw new ForbiddenError(companyMessages.usersOnlyAdmin);
  if (changes.display !== undefined && !canManageCompanySettings(auth)) throw new ForbiddenError(companyMessages.settingsOnlyAdmin);
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
