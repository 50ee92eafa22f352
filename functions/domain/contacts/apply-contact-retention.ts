import { DeleteCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { expiryAfter } from './contact-item.ts';
import type { ContactItem } from './contact-item.ts';

/**
 * A company's new retention for the contacts it already has: each one's expiry is set from its
 * arrival plus the new months; those already past it are deleted now. One Query of the company's
 * contacts, one write per contact whose expiry changes.
 */
export async function applyContactRetention(o: { companyId: string; months: number; now?: Date }): Promise<{ updated: number; deleted: number }> {
  const now = Math.floor((o.now ?? new Date()).getTime() / 1000);
  let updated = 0;
  let deleted = 0;
  const pages = queryPages<Pick<ContactItem, 'id' | 'createdAt' | 'expiresAt'>>({
    TableName: tableName(), IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)',
    ExpressionAttributeValues: { ':pk': keys.ownedPartition(o.companyId).gsi2pk, ':kind': keys.ownedContactPrefix(o.companyId).gsi2sk },
    ProjectionExpression: 'id, createdAt, expiresAt',
  });
  for await (const page of pages) {
    await Promise.all(page.map(async (c) => {
      const expiresAt = expiryAfter(c.createdAt, o.months);
      if (expiresAt === c.expiresAt) return;
      try {
        if (expiresAt <= now) {
          await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.contact(c.id), ConditionExpression: 'attribute_exists(pk)' }));
          deleted++;
        } else {
          await db().send(new UpdateCommand({
            TableName: tableName(), Key: keys.contact(c.id),
            UpdateExpression: 'SET expiresAt = :e', ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeValues: { ':e': expiresAt },
          }));
          updated++;
        }
      } catch (err) {
        // Deleted meanwhile (by a user or TTL): nothing to change.
        if (!isConditionFailure(err)) throw err;
      }
    }));
  }
  return { updated, deleted };
}
