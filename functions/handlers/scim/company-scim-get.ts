import { companyScimGet } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { getScimSettings } from '../../domain/scim/scim-settings.ts';

export const handler = createHandler(companyScimGet, async ({ auth, params }) => {
  requireCompanyAccess(auth, params.id, companyMessages.notFound);
  return getScimSettings({ companyId: params.id });
});
