import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { requireAdmin } from '../../guards.ts';

// V2 and legacy show the same list and form; only where "add" and "back" lead differs.
function userList(path: string, addPath: string): RouteObject {
  return {
    path, loader: requireAdmin,
    lazy: async () => {
      const { UserList } = await import('./user-list.tsx');
      return { Component: () => <UserList addPath={addPath} /> };
    },
  };
}

function userForm(path: string, listPath: string): RouteObject {
  return {
    path, loader: requireAdmin,
    lazy: async () => {
      const { UserForm } = await import('./user-form.tsx');
      return { Component: () => <UserForm listPath={listPath} /> };
    },
  };
}

/** Users (admin) and the account, inside the V2 layout. */
export const userV2Routes: RouteObject[] = [
  { path: paths.account, lazy: async () => ({ Component: (await import('./account.tsx')).AccountPage }) },
  userList(paths.adminUsers, paths.adminUserAdd),
  userForm(paths.adminUserAdd, paths.adminUsers),
  userForm(paths.adminUserEdit, paths.adminUsers),
];

/** The legacy user screens (spec §2), same list and form as V2. */
export const userLegacyRoutes: RouteObject[] = [
  userList(paths.userLegacy, paths.userLegacyAdd),
  userForm(paths.userLegacyAdd, paths.userLegacy),
];
