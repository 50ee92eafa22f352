import { vcardCompanyDelete } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { deleteVcardCompany } from '../../domain/legacy/delete-company.ts';

export const handler = createHandler(vcardCompanyDelete, async ({ params }) => {
  await deleteVcardCompany({ companyId: params.id });
  return { id: params.id };
});
