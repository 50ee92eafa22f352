import { defineRoute } from '../define.ts';
import {
  cardStatisticSchema, companyStatisticSchema, statisticCardParams, statisticCompanyQuery,
} from '../../schemas/statistic.ts';

// Views and saves, counted from the CDN's access logs (docs/statistics.md). Both routes need the
// company's `display.statistik` for everybody but admins.

/** Per card and month of the last 12 (Europe/Berlin): views and saves. Users of the company and admins. */
export const statisticCompany = defineRoute({
  name: 'statisticCompany', method: 'GET', path: '/api/card/statistic', access: 'user',
  handler: 'functions/handlers/statistic/statistic-company.ts',
  needs: { table: 'read' },
  query: statisticCompanyQuery, output: companyStatisticSchema,
});

/** One card holder's views and saves per day, oldest first. */
export const statisticCard = defineRoute({
  name: 'statisticCard', method: 'GET', path: '/api/card/statistic/{id}', access: 'user',
  handler: 'functions/handlers/statistic/statistic-card.ts',
  needs: { table: 'read' },
  params: statisticCardParams, output: cardStatisticSchema,
});
