import { vcardSettingsGet } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { requireVcardCompany } from '../../domain/vcard/company-item.ts';
import { readVcardSettings } from '../../domain/vcard/settings-item.ts';

export const handler = createHandler(vcardSettingsGet, async ({ params }) => {
  await requireVcardCompany(params.id);
  return readVcardSettings(params.id);
});
