import { GetCommand } from '../../lib/dynamo.ts';
import { batchDeleteAll, db, queryPages, tableName, transact } from '../../lib/db.ts';
import { forgetSsoSecret } from '../sso/sso-config.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { uploads } from '../../lib/storage/index.ts';
import { invalidate } from '../../lib/cdn/invalidate.ts';
import { cardChangePut } from '../cards/card-change.ts';
import { uploadCdnPaths, variantStorageKeys } from '../uploads/storage-keys.ts';
import { removeStoredPass } from '../wallet/stored-pass-key.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { CompanyItem } from './company-item.ts';
import { assignmentSteps, loadCompanyUsers } from './company-users.ts';
import { deleteCompanyStatistics } from '../statistics/delete-card-statistics.ts';

interface OwnedItem {
  pk: string;
  sk: string;
  /** Set on items that stand for a stored file (uploads). */
  storageKey?: string;
}

/** Owned items read and deleted per step: bounded memory, and every step is progress a retry keeps. */
export const DELETE_PAGE_SIZE = 100;

/**
 * Deletes every item the company owns (GSI2) page by page, each page's files before its items,
 * so an interrupted run leaves the item that points at a file behind for the retry. Repeats
 * until the index shows nothing, which also catches items written just before the company
 * was marked. The legacy company delete uses it too (its persons, settings and uploads).
 */
export async function deleteOwnedItems(companyId: string): Promise<void> {
  for (let round = 0; round < 5; round++) {
    let found = false;
    for await (const owned of queryPages<OwnedItem>({
      TableName: tableName(),
      IndexName: 'gsi2',
      KeyConditionExpression: 'gsi2pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.ownedPartition(companyId).gsi2pk },
      ProjectionExpression: 'pk, sk, storageKey',
      Limit: DELETE_PAGE_SIZE,
    })) {
      if (!owned.length) continue;
      found = true;
      const files = owned.flatMap((i) => (i.storageKey ? [i.storageKey] : []));
      // An upload is its original and its resized variants (shared/images.ts).
      const stored = files.flatMap((k) => [...variantStorageKeys(k), k]);
      for (let i = 0; i < stored.length; i += 10) await Promise.all(stored.slice(i, i + 10).map((k) => uploads().delete(k)));
      // A card's stored Apple pass (the card-changed job's) goes with the card: it holds the person.
      const cards = owned.flatMap((i) => (i.sk === keys.person('').sk || i.sk === keys.vcardPerson('').sk ? [i.pk.slice(i.pk.indexOf('#') + 1)] : []));
      for (let i = 0; i < cards.length; i += 10) await Promise.all(cards.slice(i, i + 10).map(removeStoredPass));
      // Erasure must not wait for the CDN's year-long cache of the immutable image answers.
      await invalidate(files.flatMap(uploadCdnPaths));
      await batchDeleteAll(owned.map((i) => ({ pk: i.pk, sk: i.sk })));
    }
    if (!found) return;
  }
}

/**
 * Removes a company with everything it owns (profiles, persons, statistics, credit history,
 * uploads) and takes it off its users. Safe to repeat after a partial run: the company item goes
 * last, so a retry finds it and finishes the job; a company that is gone answers 404.
 */
export async function deleteCompany(o: { companyId: string }): Promise<void> {
  // From here on no new profile or upload can be written for this company, and its cards answer
  // 404: the change goes with the mark, so the cached cards are dropped (as a whole: their ids may
  // be deleted before the job runs).
  await transact([
    {
      Update: {
        TableName: tableName(),
        Key: keys.company(o.companyId),
        UpdateExpression: 'SET deleting = :true ADD version :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':true': true, ':one': 1 },
      },
    },
    cardChangePut({ scope: 'company', targetId: o.companyId, companyId: o.companyId, companyDeleted: true }),
  ], () => new NotFoundError(companyMessages.notFound));
  const marked = await db().send(new GetCommand({ TableName: tableName(), Key: keys.company(o.companyId), ConsistentRead: true }));
  const company = marked.Item as CompanyItem | undefined;
  if (!company) throw new NotFoundError(companyMessages.notFound);
  await deleteOwnedItems(o.companyId);
  // The provider's client secret lives outside the table (issue 26).
  await forgetSsoSecret(o.companyId);
  // Counters are found through the company's rollups (not GSI2-owned: see counter-updates.ts).
  await deleteCompanyStatistics({ companyId: o.companyId });
  const userIds = [...(company.userIds ?? [])];
  const existing = await loadCompanyUsers(userIds);
  await transact(
    [
      { Delete: { TableName: tableName(), Key: keys.company(o.companyId), ConditionExpression: 'attribute_exists(pk)' } },
      ...assignmentSteps(o.companyId, { add: [], remove: userIds.filter((id) => existing.has(id)) }),
    ],
    () => new ConflictError(),
  );
}
