import { companyCreate } from '../../../shared/api/routes/company.ts';
import { createHandler } from '../../lib/http.ts';
import { createCompany } from '../../domain/companies/create-company.ts';

export const handler = createHandler(companyCreate, ({ body }) => createCompany({ input: body }));
