import { companyActiveCardCount } from '../../../shared/api/routes/company.ts';
import { createHandler } from '../../lib/http.ts';
import { getCardCounts } from '../../domain/companies/get-company.ts';

export const handler = createHandler(companyActiveCardCount, ({ auth, params }) => getCardCounts({ auth, companyId: params.id }));
