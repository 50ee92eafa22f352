import { creditStatisticsExport } from '../../../shared/api/routes/exports.ts';
import { createHandler } from '../../lib/http.ts';
import { exportCreditStatistics } from '../../domain/credits/export-credit-statistics.ts';

export const handler = createHandler(creditStatisticsExport, ({ auth, query }) => exportCreditStatistics({ auth, format: query.format }));
