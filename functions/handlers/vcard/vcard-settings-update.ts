import { vcardSettingsUpdate } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { updateVcardSettings } from '../../domain/legacy/update-settings.ts';

export const handler = createHandler(vcardSettingsUpdate, ({ params, body }) => updateVcardSettings({ companyId: params.id, settings: body.settings }));
