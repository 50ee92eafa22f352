import { UpdateCommand } from '../../lib/dynamo.ts';
import { batchDeleteAll, db, isConditionFailure, tableName } from '../../lib/db.ts';
import { DELETE_PAGE_SIZE, deleteOwnedItems } from '../companies/delete-company.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import { invalidateVcardCompanyCards } from './invalidate.ts';
import { deleteCompanyStatistics } from '../statistics/delete-card-statistics.ts';

/** Owned items read and deleted per step: the V2 company delete's pages. */
export const VCARD_DELETE_PAGE_SIZE = DELETE_PAGE_SIZE;

/**
 * Removes a legacy company with its persons, its settings, its cards' view counters and its
 * uploads (all GSI2-owned by it), page by page like the V2 company delete. The company is marked first (no new person or settings write
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
    if (isConditionFailure(err)) throw new NotFoundError(vcardMessages.errors.companyNotFound);
    throw err;
  }
  // Marked: its cards answer 404 from now on, so the cached ones can go (before the ids are deleted).
  await invalidateVcardCompanyCards(o.companyId);
  // Persons, settings, view counters and uploads (files with all their variants, off the CDN too).
  await deleteOwnedItems(o.companyId);
  // Counters are found through the company's rollups (not GSI2-owned: see write-counts.ts).
  await deleteCompanyStatistics({ companyId: o.companyId });
  await batchDeleteAll([keys.vcardCompany(o.companyId)]);
}
