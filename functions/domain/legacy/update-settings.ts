import { tableName, transact } from '../../lib/db.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { checkedCustomCss } from '../../lib/custom-css-on-save.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import type { VcardSettings, VcardSettingsRecord } from '../../../shared/schemas/vcard-settings.ts';
import { vcardCompanyLiveCheck } from './company-item.ts';
import { vcardSettingsCssWrite, vcardSettingsRecord } from './settings-item.ts';
import { cardChangePut } from '../cards/card-change.ts';
import { cssUploadOwnershipSteps } from '../uploads/upload-ownership.ts';

/**
 * Replaces the company's settings (the form sends all of them). customCss is checked and scoped
 * like a profile's (400 on `settings.customCss`; its images must be uploads of this legacy
 * company); the company must exist and not be in deletion. The CSS as typed goes to its own item
 * (settings-item.ts) in the same transaction.
 */
export async function updateVcardSettings(o: { companyId: string; settings: VcardSettings }): Promise<VcardSettingsRecord> {
  const css = await checkedCustomCss(o.settings.customCss);
  const ownership = cssUploadOwnershipSteps(o.companyId, css?.uploads ?? []);
  await transact(
    [
      vcardCompanyLiveCheck(o.companyId),
      { Put: { TableName: tableName(), Item: vcardSettingsRecord(o.companyId, o.settings, css?.css) } },
      ...ownership.map((s) => s.item),
      cardChangePut({ scope: 'legacyCompany', targetId: o.companyId, companyId: o.companyId }),
      vcardSettingsCssWrite(o.companyId, o.settings.customCss),
    ],
    (index) => (index >= 2 && index < 2 + ownership.length ? ownership[index - 2]!.onFail() : new NotFoundError(vcardMessages.errors.companyNotFound)),
  );
  return { id: o.companyId, companyId: o.companyId, settings: o.settings };
}
