import { companyScimUpdate } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { saveScimSettings } from '../../domain/scim/scim-settings.ts';

export const handler = createHandler(companyScimUpdate, async ({ auth, params, body }) => {
  requireCompanyAccess(auth, params.id, companyMessages.notFound);
  return saveScimSettings({ companyId: params.id, profileId: body.profileId, deleteMode: body.deleteMode });
});
