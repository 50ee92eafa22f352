import { companyDelete } from '../../../shared/api/routes/company.ts';
import { createHandler } from '../../lib/http.ts';
import { deleteCompany } from '../../domain/companies/delete-company.ts';

export const handler = createHandler(companyDelete, async ({ params }) => {
  await deleteCompany({ companyId: params.id });
  return { id: params.id };
});
