import { creditHistoryExport } from '../../../shared/api/routes/exports.ts';
import { createHandler } from '../../lib/http.ts';
import { exportCreditHistory } from '../../domain/credits/export-credit-history.ts';

export const handler = createHandler(creditHistoryExport, ({ auth, params, query }) => exportCreditHistory({ auth, companyId: params.id, format: query.format }));
