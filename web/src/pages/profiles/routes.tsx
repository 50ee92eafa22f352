import type { RouteObject } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { paths } from '../../paths.ts';
import { screen } from '../../data.tsx';

const titles = msg.backoffice.titles;
const form = async () => {
  const { ProfileForm, loader } = await import('./profile-form.tsx');
  return { Component: ProfileForm, loader };
};

/** Profiles of the selected company (V2 layout). */
export const profileRoutes: RouteObject[] = [
  screen(paths.profileOverview, titles.profiles, async () => {
    const { ProfileOverview, loader } = await import('./profile-overview.tsx');
    return { Component: ProfileOverview, loader };
  }),
  screen(paths.profileAdd, titles.profileAdd, form),
  screen(paths.profileEdit, titles.profileEdit, form),
];
