import { creditStatistics } from '../../../shared/api/routes/credit.ts';
import { createHandler } from '../../lib/http.ts';
import { creditStatistics as computeStatistics } from '../../domain/credits/credit-statistics.ts';

export const handler = createHandler(creditStatistics, ({ auth }) => computeStatistics({ auth }));
