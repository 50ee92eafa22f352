import { statisticCompanyExport } from '../../../shared/api/routes/exports.ts';
import { createHandler } from '../../lib/http.ts';
import { exportCompanyStatistics } from '../../domain/statistics/export-company-statistics.ts';

export const handler = createHandler(statisticCompanyExport, ({ auth, params, query }) => exportCompanyStatistics({ auth, companyId: params.companyId, format: query.format }));
