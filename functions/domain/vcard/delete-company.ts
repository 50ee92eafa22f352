import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { batchDeleteAll, db, isConditionFailure, queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { msg } from '../../../shared/messages.ts';
import { invalidateVcardCompanyCards } from './invalidate.ts';

/** Owned items read and deleted per step, as in the V2 company delete. */
export const VCARD_DELETE_PAGE_SIZE = 100;

/**
 * Removes a legacy company with its persons, its settings and its cards' view counters (all
 * GSI2-owned by it), page by page. The company is marked first (no new person or settings write
 * from then on) and deleted last, so a repeated call after an interruption finishes the job; a
 * company that is gone answers 404.
 */
export async function deleteVcardCompany(o: { companyId: string }): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: keys.vcardCompany(o.companyId),
      UpdateExpression: 'SET deleting = :true ADD version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':true': true, ':one': 1 },
    }));
  } catch (err) {
    if (isConditionFailure(err)) throw new NotFoundError(msg.vcard.errors.companyNotFound);
    throw err;
  }
  // Marked: its cards answer 404 from now on, so the cached ones can go (before the ids are deleted).
  await invalidateVcardCompanyCards(o.companyId);
  for (let round = 0; round < 5; round++) {
    let found = false;
    for await (const page of queryPages<{ pk: string; sk: string }>({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(o.companyId).gsi2pk },
      ProjectionExpression: 'pk, sk',
      Limit: VCARD_DELETE_PAGE_SIZE,
    })) {
      if (!page.length) continue;
      found = true;
      await batchDeleteAll(page.map((i) => ({ pk: i.pk, sk: i.sk })));
    }
    if (!found) break;
  }
  await batchDeleteAll([keys.vcardCompany(o.companyId)]);
}
