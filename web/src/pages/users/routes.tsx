import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { requireAdmin } from '../../guards.ts';

const form = () => import('./user-form.tsx');
const list = () => import('./user-list.tsx');

/** Users (admin) and the account, inside the V2 layout. */
export const userV2Routes: RouteObject[] = [
  { path: paths.account, lazy: async () => ({ Component: (await import('./account.tsx')).AccountPage }) },
  {
    path: paths.adminUsers, loader: requireAdmin,
    lazy: async () => {
      const { UserList } = await list();
      return { Component: () => <UserList addPath={paths.adminUserAdd} /> };
    },
  },
  {
    path: paths.adminUserAdd, loader: requireAdmin,
    lazy: async () => {
      const { UserForm } = await form();
      return { Component: () => <UserForm listPath={paths.adminUsers} /> };
    },
  },
  {
    path: paths.adminUserEdit, loader: requireAdmin,
    lazy: async () => {
      const { UserForm } = await form();
      return { Component: () => <UserForm listPath={paths.adminUsers} /> };
    },
  },
];

/** The legacy user screens (spec §2), same list and form as V2. */
export const userLegacyRoutes: RouteObject[] = [
  {
    path: paths.userLegacy, loader: requireAdmin,
    lazy: async () => {
      const { UserList } = await list();
      return { Component: () => <UserList addPath={paths.userLegacyAdd} /> };
    },
  },
  {
    path: paths.userLegacyAdd, loader: requireAdmin,
    lazy: async () => {
      const { UserForm } = await form();
      return { Component: () => <UserForm listPath={paths.userLegacy} /> };
    },
  },
];
