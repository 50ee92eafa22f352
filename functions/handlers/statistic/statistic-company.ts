import { statisticCompany } from '../../../shared/api/routes/statistic.ts';
import { createHandler } from '../../lib/http.ts';
import { companyStatistics } from '../../domain/statistics/company-statistics.ts';

export const handler = createHandler(statisticCompany, ({ auth, query }) => companyStatistics({ auth, companyId: query.companyId }));
