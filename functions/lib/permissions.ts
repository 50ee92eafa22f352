import { ForbiddenError } from './errors.ts';
import type { AuthUser } from './auth/session.ts';

// Every permission rule of the server lives here.

/** Admin = userGroup.group equals "admin", case-insensitive (spec §6). */
export function isAdminGroup(group: string | undefined): boolean {
  return (group ?? '').trim().toLowerCase() === 'admin';
}

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
