import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { requireAdmin } from '../../guards.ts';

/** Credits and the admin statistics (V2 layout, admins only). */
export const creditRoutes: RouteObject[] = [
  { path: paths.adminCredits, loader: requireAdmin, lazy: async () => ({ Component: (await import('./credit-overview.tsx')).CreditOverview }) },
  { path: paths.adminCreditDetail, loader: requireAdmin, lazy: async () => ({ Component: (await import('./credit-detail.tsx')).CreditDetail }) },
  { path: paths.adminStatistics, loader: requireAdmin, lazy: async () => ({ Component: (await import('./admin-statistics.tsx')).AdminStatistics }) },
];
