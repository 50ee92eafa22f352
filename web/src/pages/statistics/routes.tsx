import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

const title = msg.backoffice.titles.statistics;

/** One card's figures, back to the list it was opened from. */
const person = (backTo: { to: string; label: string }) => async () => {
  const { PersonStatistic, loader } = await import('./person-statistic.tsx');
  return { Component: () => <PersonStatistic backTo={backTo} />, loader };
};

/** `/v2/card/statistik` and one card's figures inside the V2 layout. */
export const statisticV2Routes: RouteObject[] = [
  screen(paths.statistikOverview, title, async () => {
    const { StatistikOverview, loader } = await import('./statistik-overview.tsx');
    return { Component: StatistikOverview, loader };
  }),
  screen(paths.statistikPerson, title, person({ to: paths.statistikOverview, label: msg.statistic.ui.back })),
];

/** `/vcard/person/statistic/:id` inside the legacy layout. */
export const statisticLegacyRoutes: RouteObject[] = [
  screen(paths.personStatistic, title, person({ to: paths.vcardPersons, label: msg.vcard.ui.back })),
];
