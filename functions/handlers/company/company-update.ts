import { companyUpdate } from '../../../shared/api/routes/company.ts';
import { createHandler } from '../../lib/http.ts';
import { updateCompany } from '../../domain/companies/update-company.ts';

export const handler = createHandler(companyUpdate, ({ auth, params, body }) =>
  updateCompany({ auth, companyId: params.id, changes: body }));
