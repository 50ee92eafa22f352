import { tableName, transact } from '../../lib/db.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireValidCustomCss } from '../../lib/custom-css.ts';
import { msg } from '../../../shared/messages.ts';
import type { VcardSettings, VcardSettingsRecord } from '../../../shared/schemas/vcard-settings.ts';
import { vcardCompanyLiveCheck } from './company-item.ts';
import { vcardSettingsRecord } from './settings-item.ts';
import { invalidateVcardCompanyCards } from './invalidate.ts';
import { walletCardsChanged } from '../wallet/card-changed.ts';

/**
 * Replaces the company's settings (the form sends all of them). customCss is checked like a
 * profile's (400 on `settings.customCss`); the company must exist and not be in deletion.
 */
export async function updateVcardSettings(o: { companyId: string; settings: VcardSettings }): Promise<VcardSettingsRecord> {
  requireValidCustomCss(o.settings.customCss);
  await transact(
    [
      vcardCompanyLiveCheck(o.companyId),
      { Put: { TableName: tableName(), Item: vcardSettingsRecord(o.companyId, o.settings) } },
    ],
    () => new NotFoundError(msg.vcard.errors.companyNotFound),
  );
  await invalidateVcardCompanyCards(o.companyId);
  await walletCardsChanged({ companyId: o.companyId });
  return { id: o.companyId, companyId: o.companyId, settings: o.settings };
}
