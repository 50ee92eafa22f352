import { statisticCard } from '../../../shared/api/routes/statistic.ts';
import { createHandler } from '../../lib/http.ts';
import { cardStatistics } from '../../domain/statistics/card-statistics.ts';

export const handler = createHandler(statisticCard, ({ auth, params }) => cardStatistics({ auth, personId: params.id }));
