import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import { runGuarded } from '../../lib/guarded-transaction.ts';
import { cardChangeStep } from '../cards/card-change.ts';
import { newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import type { VcardPerson, VcardPersonInput } from '../../../shared/schemas/vcard-person.ts';
import { toVcardPerson, vcardPersonRecord, vcardPersonUploadFields } from './person-item.ts';
import type { VcardPersonItem } from './person-item.ts';

/** The person and its company's `personCount` in one transaction, which fails if the company is gone or being deleted. */
export async function createVcardPerson(o: { input: VcardPersonInput }): Promise<VcardPerson> {
  const now = new Date().toISOString();
  const item: VcardPersonItem = { ...o.input, id: randomUUID(), createdOn: now, updatedAt: now, version: 1 };
  await runGuarded([
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.vcardCompany(o.input.companyId),
          UpdateExpression: 'ADD personCount :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      onFail: () => new NotFoundError(vcardMessages.errors.companyNotFound),
    },
    {
      item: { Put: { TableName: tableName(), Item: vcardPersonRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
      onFail: () => new Error('legacy person id collision'),
    },
    // Images must be uploads of the person's legacy company.
    ...uploadOwnershipSteps(item.companyId, newlyChosenFiles(vcardPersonUploadFields, {}, item)),
    // The card-changed job builds and stores its Apple pass (nothing to invalidate or push yet).
    cardChangeStep({ scope: 'card', targetId: item.id, companyId: item.companyId, created: true }),
  ]);
  return toVcardPerson(item);
}
