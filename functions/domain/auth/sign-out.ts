import { UpdateCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

/**
 * Raises the token version: every token issued before stops working. `version` goes up too,
 * so an edit that read the user before the logout cannot write the old token version back.
 */
export async function signOut(o: { userId: string }): Promise<void> {
  await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.user(o.userId),
    UpdateExpression: 'ADD tokenVersion :one, version :one',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':one': 1 },
  }));
}
