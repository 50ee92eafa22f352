import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { getUserItem } from './user-item.ts';
import type { UserItem } from './user-item.ts';

export async function findUserByUsername(o: { username: string }): Promise<UserItem | undefined> {
  const guard = await db().send(new GetCommand({ TableName: tableName(), Key: keys.username(o.username.trim().toLowerCase()) }));
  const userId = (guard.Item as { userId?: string } | undefined)?.userId;
  return userId ? getUserItem(userId) : undefined;
}
