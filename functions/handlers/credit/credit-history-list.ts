import { creditHistoryList } from '../../../shared/api/routes/credit.ts';
import { createHandler } from '../../lib/http.ts';
import { listCreditHistory } from '../../domain/credits/list-credit-history.ts';

export const handler = createHandler(creditHistoryList, ({ auth, params, query }) =>
  listCreditHistory({ auth, companyId: params.id, limit: query.limit, cursor: query.cursor }));
