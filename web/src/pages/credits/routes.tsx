import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

const titles = msg.backoffice.titles;

/** Credits and the admin statistics (V2 layout, admins only). */
export const creditRoutes: RouteObject[] = [
  screen(paths.adminCredits, titles.credits, async () => {
    const { CreditOverview, loader } = await import('./credit-overview.tsx');
    return { Component: CreditOverview, loader };
  }, { admin: true }),
  screen(paths.adminCreditDetail, titles.credits, async () => {
    const { CreditDetail, loader } = await import('./credit-detail.tsx');
    return { Component: CreditDetail, loader };
  }, { admin: true }),
  screen(paths.adminStatistics, titles.statistics, async () => {
    const { AdminStatistics, loader } = await import('./admin-statistics.tsx');
    return { Component: AdminStatistics, loader };
  }, { admin: true }),
];
