import { GetCommand, QueryCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { UserGroup } from '../../../shared/schemas/user.ts';

export async function listGroups(): Promise<UserGroup[]> {
  const out = await db().send(new QueryCommand({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.groupListPartition().gsi1pk },
  }));
  return (out.Items ?? []).map((i) => ({ id: i.id as string, group: i.group as string }));
}

export async function getGroup(o: { groupId: string }): Promise<UserGroup | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.group(o.groupId) }));
  return out.Item ? { id: out.Item.id as string, group: out.Item.group as string } : undefined;
}
