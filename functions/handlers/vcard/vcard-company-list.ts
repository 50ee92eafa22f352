import { vcardCompanyList } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { listVcardCompanies } from '../../domain/legacy/list-companies.ts';

export const handler = createHandler(vcardCompanyList, () => listVcardCompanies());
