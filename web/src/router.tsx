import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { LostPage, lostLoader } from './pages/not-found.tsx';
import { revalidateAfterWrites, Screens, ScreenError } from './data.tsx';
import { Loading } from './pages/loading.tsx';
import { requireSession } from './guards.ts';
import { userLegacyRoutes, userV2Routes } from './pages/users/routes.tsx';
import { cardRoutes } from './pages/cards/routes.tsx';
import { companyLegacyRoutes, companyRoutes } from './pages/companies/routes.tsx';
import { profileRoutes } from './pages/profiles/routes.tsx';
import { statisticLegacyRoutes, statisticV2Routes } from './pages/statistics/routes.tsx';
import { creditRoutes } from './pages/credits/routes.tsx';
import { vcardLegacyRoutes } from './pages/legacy/routes.tsx';
import { toolsLegacyRoutes } from './pages/tools/routes.tsx';
import { systemRoutes } from './pages/system/routes.tsx';
import { auditRoutes } from './pages/audit/routes.tsx';

// Every screen is its own chunk (lazy); the public pages never pull in back-office code.
// Areas declare their screens with `screen(path, title, module, { admin })` (data.tsx) in
// web/src/pages/<area>/routes.tsx and spread them into ONE of the lists below: public (no
// session), v2 (V2 layout) or legacy (legacy layout). `{ admin: true }` runs requireAdmin
// (guards.ts) before the screen's own loader.

// Every top-level route that loads something first has a HydrateFallback: on a full page load
// react-router renders it while the route's module or loader is on its way (without one it warns).
const publicScreens: RouteObject[] = [
  { path: paths.home, HydrateFallback: Loading, lazy: async () => ({ Component: (await import('./pages/login.tsx')).LoginPage }) },
  { path: paths.ssoReturn, HydrateFallback: Loading, lazy: async () => ({ Component: (await import('./pages/sso-return.tsx')).SsoReturnPage }) },
];

const v2Screens: RouteObject[] = [
  ...userV2Routes,
  ...cardRoutes,
  ...companyRoutes,
  ...profileRoutes,
  ...statisticV2Routes,
  ...creditRoutes,
  ...systemRoutes,
  ...auditRoutes,
];

const legacyScreens: RouteObject[] = [
  ...userLegacyRoutes,
  ...companyLegacyRoutes,
  ...statisticLegacyRoutes,
  ...vcardLegacyRoutes,
  ...toolsLegacyRoutes,
];

const routes: RouteObject[] = [
  ...publicScreens,
  {
    // Spec §2: every other screen needs a session; a stored token is checked with the server.
    id: 'session',
    loader: requireSession,
    // Re-check on every navigation (answered from a short cache), not only on the first load.
    shouldRevalidate: () => true,
    HydrateFallback: Loading,
    children: [
      // Screens: tab title per screen; ScreenError: a failed load or a 404 inside the layout (data.tsx).
      {
        // The selected company's frame (companies, balance, profiles): state/company-frame.ts.
        id: 'v2',
        loader: async () => (await import('./state/company-frame.ts')).loadCompanyFrame(),
        shouldRevalidate: revalidateAfterWrites,
        lazy: async () => ({ Component: (await import('./layout/v2-layout.tsx')).V2Layout }),
        children: [{ Component: Screens, ErrorBoundary: ScreenError, children: v2Screens }],
      },
      {
        lazy: async () => ({ Component: (await import('./layout/legacy-layout.tsx')).LegacyLayout }),
        children: [{ Component: Screens, ErrorBoundary: ScreenError, children: legacyScreens }],
      },
    ],
  },
  // Signed in: inside the V2 layout with a way back; signed out: on its own, with the way to the login.
  { path: '*', id: 'lost', loader: lostLoader, HydrateFallback: Loading, Component: LostPage },
];

export const router = createBrowserRouter(routes);
