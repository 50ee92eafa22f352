import { randomUUID } from 'node:crypto';
import { tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { hashPassword } from '../../lib/auth/password.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { userMessages } from '../../../shared/messages/users.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { getGroup } from '../groups/list-groups.ts';
import { toPublicUser } from './user-item.ts';
import { requireStrongPassword } from './password-policy.ts';
import { PASSWORD_RULES_VERSION } from '../../../shared/password/rules.ts';
import { membershipSteps } from '../companies/company-users.ts';
import type { UserItem } from './user-item.ts';
import { noteChange } from '../audit/audit-scope.ts';

export interface CreateUserOptions {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  userGroupId: string;
  isActive: boolean;
  /** Companies the user is assigned to from the start (their `userIds` change in the same transaction). */
  companyIds?: string[] | undefined;
}

/** The username guard and the user are written together, so two users can never share a name. */
export async function createUser(o: CreateUserOptions): Promise<PublicUser> {
  await requireStrongPassword(o.password, o);
  const group = await getGroup({ groupId: o.userGroupId });
  if (!group) throw new ValidationError(msg.errors.invalidInput, { userGroupId: msg.errors.groupNotFound });
  const now = new Date().toISOString();
  const id = randomUUID();
  const usernameLower = o.username.toLowerCase();
  const item: UserItem = {
    id,
    username: o.username,
    usernameLower,
    email: o.email,
    firstname: o.firstname,
    lastname: o.lastname,
    passwordHash: await hashPassword(o.password),
    passwordRulesChecked: PASSWORD_RULES_VERSION,
    userGroup: group,
    isActive: o.isActive,
    ...(o.companyIds?.length ? { companyIds: new Set(o.companyIds) } : {}),
    tokenVersion: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
  await transact(
    [
      { Put: { TableName: tableName(), Item: { ...keys.username(usernameLower), type: 'username', userId: id }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: tableName(), Item: { ...keys.user(id), ...keys.userListEntry(usernameLower, id), type: 'user', ...item } } },
      { ConditionCheck: { TableName: tableName(), Key: keys.group(group.id), ConditionExpression: 'attribute_exists(pk)' } },
      ...membershipSteps(id, { add: o.companyIds ?? [], remove: [] }),
    ],
    (index) => index === 0
      ? new ConflictError(msg.errors.usernameTaken, { username: msg.errors.usernameTaken })
      : index === 2
        ? new ValidationError(msg.errors.invalidInput, { userGroupId: msg.errors.groupNotFound })
        : new ValidationError(msg.errors.invalidInput, { companyIds: userMessages.companyNotFound }),
  );
  noteChange({ action: 'create', objectType: 'user', objectId: item.id, before: undefined, after: item });
  return toPublicUser(item);
}
