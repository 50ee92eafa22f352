import { QueryCommand } from '../../lib/dynamo.ts';
import type { QueryCommandOutput } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { toPublicUser } from './user-item.ts';
import type { UserItem } from './user-item.ts';

/** Users sorted by username; `search` matches anywhere in the username, case-insensitive. */
export async function listUsers(o: { search?: string | undefined }): Promise<PublicUser[]> {
  const search = o.search?.toLowerCase();
  const users: PublicUser[] = [];
  let start: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const out = await db().send(new QueryCommand({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ...(search ? { FilterExpression: 'contains(usernameLower, :s)' } : {}),
      ExpressionAttributeValues: { ':pk': keys.userListPartition().gsi1pk, ...(search ? { ':s': search } : {}) },
      ExclusiveStartKey: start,
    }));
    users.push(...((out.Items ?? []) as UserItem[]).map(toPublicUser));
    start = out.LastEvaluatedKey;
  } while (start);
  return users;
}
