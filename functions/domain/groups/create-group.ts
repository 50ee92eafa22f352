import { PutCommand } from '../../lib/dynamo.ts';
import { db, tableName, isConditionFailure } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { UserGroup } from '../../../shared/schemas/user.ts';

/** Creates a group with a fixed id; a second call for the same id changes nothing. */
export async function createGroup(o: { id: string; group: string }): Promise<UserGroup> {
  try {
    await db().send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.group(o.id), ...keys.groupListEntry(o.group.toLowerCase()), type: 'group', id: o.id, group: o.group },
      ConditionExpression: 'attribute_not_exists(pk)',
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  return { id: o.id, group: o.group };
}
