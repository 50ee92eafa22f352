import { companyScimTokenCreate } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { createScimToken } from '../../domain/scim/scim-tokens.ts';

export const handler = createHandler(companyScimTokenCreate, async ({ auth, params, body }) => {
  requireCompanyAccess(auth, params.id, companyMessages.notFound);
  return createScimToken({ companyId: params.id, createdBy: auth.id, label: body.label });
});
