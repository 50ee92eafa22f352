import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';

/** `/v2/card/statistik` inside the V2 layout. */
export const statisticV2Routes: RouteObject[] = [
  { path: paths.statistikOverview, lazy: async () => ({ Component: (await import('./statistik-overview.tsx')).StatistikOverview }) },
];

/** `/vcard/person/statistic/:id` inside the legacy layout. */
export const statisticLegacyRoutes: RouteObject[] = [
  { path: paths.personStatistic, lazy: async () => ({ Component: (await import('./person-statistic.tsx')).PersonStatistic }) },
];
