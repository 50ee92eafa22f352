import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';

const form = async () => ({ Component: (await import('./profile-form.tsx')).ProfileForm });

/** Profiles of the selected company (V2 layout). */
export const profileRoutes: RouteObject[] = [
  { path: paths.profileOverview, lazy: async () => ({ Component: (await import('./profile-overview.tsx')).ProfileOverview }) },
  { path: paths.profileAdd, lazy: form },
  { path: paths.profileEdit, lazy: form },
];
