import { vcardSettingsGet } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { requireVcardCompany } from '../../domain/legacy/company-item.ts';
import { readVcardSettings } from '../../domain/legacy/settings-item.ts';

export const handler = createHandler(vcardSettingsGet, async ({ params }) => {
  await requireVcardCompany(params.id);
  return readVcardSettings(params.id);
});
