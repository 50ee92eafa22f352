import { companyGet } from '../../../shared/api/routes/company.ts';
import { createHandler } from '../../lib/http.ts';
import { getCompany } from '../../domain/companies/get-company.ts';

export const handler = createHandler(companyGet, ({ auth, params }) => getCompany({ auth, companyId: params.id }));
