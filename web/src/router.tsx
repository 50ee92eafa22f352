import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { NotFound } from './pages/not-found.tsx';

// Every screen is its own chunk (lazy); the public pages never pull in back-office code.
// Areas add their screens as one array each (web/src/pages/<area>/routes.ts) below.
const routes: RouteObject[] = [
  { path: paths.home, lazy: async () => ({ Component: (await import('./pages/login.tsx')).LoginPage }) },
  { path: '*', Component: NotFound },
];

export const router = createBrowserRouter(routes);
