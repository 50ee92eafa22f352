import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

const title = msg.backoffice.titles.statistics;

/** `/v2/card/statistik` inside the V2 layout. */
export const statisticV2Routes: RouteObject[] = [
  screen(paths.statistikOverview, title, async () => {
    const { StatistikOverview, loader } = await import('./statistik-overview.tsx');
    return { Component: StatistikOverview, loader };
  }),
];

/** `/vcard/person/statistic/:id` inside the legacy layout. */
export const statisticLegacyRoutes: RouteObject[] = [
  screen(paths.personStatistic, title, async () => {
    const { PersonStatistic, loader } = await import('./person-statistic.tsx');
    return { Component: PersonStatistic, loader };
  }),
];
