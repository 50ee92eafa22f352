import { companyScimTokenDelete } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { revokeScimToken } from '../../domain/scim/scim-tokens.ts';

export const handler = createHandler(companyScimTokenDelete, async ({ auth, params }) => {
  requireCompanyAccess(auth, params.id, companyMessages.notFound);
  return revokeScimToken({ companyId: params.id, tokenId: params.tokenId });
});
