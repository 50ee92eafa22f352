import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { getUserItem } from '../../domain/users/user-item.ts';
import type { UserItem } from '../../domain/users/user-item.ts';
import { UnauthenticatedError } from '../errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { isAdminGroup } from '../../../shared/roles.ts';
import { verifyToken } from './token.ts';

export interface AuthUser {
  id: string;
  username: string;
  isAdmin: boolean;
  /** Companies this user is assigned to (read with the user on every request). */
  companyIds: readonly string[];
  tokenVersion: number;
  /** The user as read for this request, so handlers need not read it again. */
  user: UserItem;
}

function bearer(event: APIGatewayProxyEventV2): string | null {
  const header = event.headers?.authorization ?? event.headers?.Authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/**
 * The caller behind the bearer token. One GetItem per request: a disabled user or a token
 * from before a logout or password change stops working at once.
 */
export async function authenticate(event: APIGatewayProxyEventV2): Promise<AuthUser> {
  const token = bearer(event);
  if (!token) throw new UnauthenticatedError();
  const claims = await verifyToken(token);
  if (!claims) throw new UnauthenticatedError(msg.errors.sessionExpired);
  const user = await getUserItem(claims.userId);
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion) {
    throw new UnauthenticatedError(msg.errors.sessionExpired);
  }
  return { id: user.id, username: user.username, isAdmin: isAdminGroup(user.userGroup.group), companyIds: [...(user.companyIds ?? [])], tokenVersion: user.tokenVersion, user };
}
