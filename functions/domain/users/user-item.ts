import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';

/** A user as stored. Only `toPublicUser` decides what leaves the server. */
export interface UserItem {
  id: string;
  username: string;
  usernameLower: string;
  email: string;
  firstname: string;
  lastname: string;
  passwordHash: string;
  /** Set at sign-in when the password breaks today's rules; removed when it is changed. */
  passwordOutdated?: boolean;
  /**
   * PASSWORD_RULES_VERSION under which the password (with this username, e-mail and name) was last
   * checked, its verdict in `passwordOutdated`. Set where a password is set or checked; removed
   * when the name or address changes; absent on accounts from before issue 19's rules.
   */
  passwordRulesChecked?: number;
  userGroup: { id: string; group: string };
  isActive: boolean;
  /**
   * Companies the user is assigned to: a DynamoDB string set (ADD/DELETE), kept in step with
   * the company's `userIds` in one transaction. Every write to a user item raises `version`.
   */
  companyIds?: Set<string>;
  tokenVersion: number;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export async function getUserItem(userId: string): Promise<UserItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(userId) }));
  return out.Item as UserItem | undefined;
}

export function toPublicUser(u: UserItem): PublicUser {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    firstname: u.firstname,
    lastname: u.lastname,
    userGroup: u.userGroup,
    isActive: u.isActive,
    companyIds: [...(u.companyIds ?? [])].sort(),
    version: u.version,
    ...(u.passwordOutdated ? { passwordOutdated: true } : {}),
  };
}
