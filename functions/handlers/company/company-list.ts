import { companyList } from '../../../shared/api/routes/company.ts';
import { createHandler } from '../../lib/http.ts';
import { listCompanies } from '../../domain/companies/list-companies.ts';

export const handler = createHandler(companyList, ({ auth }) => listCompanies({ auth }));
