import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { paths } from './paths.ts';
import { NotFound } from './pages/not-found.tsx';

// Every screen is its own chunk; the public pages never pull in back-office code.
const routes: RouteObject[] = [
  { path: paths.home, lazy: async () => ({ Component: (await import('./pages/login.tsx')).LoginPage }) },
  { path: '*', Component: NotFound },
];

export const router = createBrowserRouter(routes);
