import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import { runGuarded } from '../../lib/guarded-transaction.ts';
import { newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { keys } from '../../lib/keys.ts';
import type { VcardCompany, VcardCompanyInput } from '../../../shared/schemas/vcard-company.ts';
import { legacyDefaultSettings } from '../../../shared/card/defaults.ts';
import { toVcardCompany, vcardCompanyRecord, vcardCompanyUploadFields } from './company-item.ts';
import type { VcardCompanyItem } from './company-item.ts';
import { vcardSettingsRecord } from './settings-item.ts';

/** The company and its settings (the legacy defaults) in one transaction. */
export async function createVcardCompany(o: { input: VcardCompanyInput }): Promise<VcardCompany> {
  const now = new Date().toISOString();
  const item: VcardCompanyItem = { ...o.input, id: randomUUID(), personCount: 0, version: 1, createdAt: now, updatedAt: now };
  const collision = () => new Error(`legacy company id collision ${keys.vcardCompany(item.id).pk}`);
  await runGuarded([
    { item: { Put: { TableName: tableName(), Item: vcardCompanyRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } }, onFail: collision },
    { item: { Put: { TableName: tableName(), Item: vcardSettingsRecord(item.id, legacyDefaultSettings), ConditionExpression: 'attribute_not_exists(pk)' } }, onFail: collision },
    // A new company owns no upload yet, so a chosen logo is refused (upload after creating it).
    ...uploadOwnershipSteps(item.id, newlyChosenFiles(vcardCompanyUploadFields, {}, item)),
  ]);
  return toVcardCompany(item);
}
