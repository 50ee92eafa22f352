import { randomUUID } from 'node:crypto';
import { tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { msg } from '../../../shared/messages.ts';
import type { VcardPerson, VcardPersonInput } from '../../../shared/schemas/vcard-person.ts';
import { toVcardPerson, vcardPersonRecord } from './person-item.ts';
import type { VcardPersonItem } from './person-item.ts';

/** The person and its company's `personCount` in one transaction, which fails if the company is gone or being deleted. */
export async function createVcardPerson(o: { input: VcardPersonInput }): Promise<VcardPerson> {
  const now = new Date().toISOString();
  const item: VcardPersonItem = { ...o.input, id: randomUUID(), createdOn: now, updatedAt: now, version: 1 };
  await transact(
    [
      {
        Update: {
          TableName: tableName(),
          Key: keys.vcardCompany(o.input.companyId),
          UpdateExpression: 'ADD personCount :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      { Put: { TableName: tableName(), Item: vcardPersonRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
    ],
    (index) => (index === 0
      ? new NotFoundError(msg.vcard.errors.companyNotFound)
      : new Error('legacy person id collision')),
  );
  return toVcardPerson(item);
}
