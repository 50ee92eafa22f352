import { batchDeleteAll, tableName, transact } from '../../lib/db.ts';
import { DELETE_PAGE_SIZE, deleteOwnedItems } from '../companies/delete-company.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import { cardChangePut } from '../cards/card-change.ts';
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
  // Marked: its cards answer 404 from now on; the change goes with the mark, so the cached cards
  // are dropped (as a whole: their ids may be deleted before the job runs).
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.vcardCompany(o.companyId),
        UpdateExpression: 'SET deleting = :true ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true, ':one': 1 },
      },
    },
    cardChangePut({ scope: 'legacyCompany', targetId: o.companyId, companyId: o.companyId, companyDeleted: true }),
  ], () => new NotFoundError(vcardMessages.errors.companyNotFound));
  // Persons, settings, view counters and uploads (files with all their variants, off the CDN too).
  await deleteOwnedItems(o.companyId);
  // Counters are found through the company's rollups (not GSI2-owned: see counter-updates.ts).
  await deleteCompanyStatistics({ companyId: o.companyId });
  await batchDeleteAll([keys.vcardCompany(o.companyId)]);
}
