import { creditGet } from '../../../shared/api/routes/credit.ts';
import { createHandler } from '../../lib/http.ts';
import { getCredit } from '../../domain/credits/get-credit.ts';

export const handler = createHandler(creditGet, ({ auth, params }) => getCredit({ auth, companyId: params.id }));
