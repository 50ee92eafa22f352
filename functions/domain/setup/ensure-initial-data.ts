import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand } from '../../lib/dynamo.ts';
import { db, tableName, isConditionFailure } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { createGroup } from '../groups/create-group.ts';
import { createUser } from '../users/create-user.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';

export const GROUP_IDS = { admin: 'admin', user: 'user' } as const;

export interface InitialDataResult {
  /** Set only on the first start, when the admin account was created. */
  createdAdmin?: { username: string; password: string; generated: boolean };
}

/**
 * First start: the groups `admin` and `user` and one admin account. Later starts change
 * nothing, even if that admin was renamed or removed since.
 */
export async function ensureInitialData(o: { adminUsername: string; adminPassword?: string | undefined }): Promise<InitialDataResult> {
  await createGroup({ id: GROUP_IDS.admin, group: 'admin' });
  await createGroup({ id: GROUP_IDS.user, group: 'user' });
  const marker = await db().send(new GetCommand({ TableName: tableName(), Key: keys.setupMarker('admin') }));
  if (marker.Item) return {};
  const password = o.adminPassword || randomBytes(12).toString('base64url');
  let created = true;
  try {
    await createUser({
      username: o.adminUsername,
      email: `${o.adminUsername}@localhost.invalid`,
      firstname: 'Admin',
      lastname: 'Admin',
      password,
      userGroupId: GROUP_IDS.admin,
      isActive: true,
    });
  } catch (err) {
    // A given ADMIN_PASSWORD must meet the password rules like any other (shared/password/rules.ts).
    if (err instanceof ValidationError && err.fieldErrors?.password) throw new Error(`ADMIN_PASSWORD: ${err.fieldErrors.password}`);
    // An earlier first start created the admin but stopped before the marker: setup is done.
    if (!(err instanceof ConflictError)) throw err;
    created = false;
  }
  try {
    await db().send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.setupMarker('admin'), createdAt: new Date().toISOString() },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  return created ? { createdAdmin: { username: o.adminUsername, password, generated: !o.adminPassword } } : {};
}
