import type { RouteObject } from 'react-router';
import { paths } from '../../paths.ts';
import { msg } from '../../../../shared/messages.ts';
import { screen } from '../../data.tsx';

const titles = msg.backoffice.titles;

// V2 and legacy show the same list and form; only where "add" and "back" lead differs.
function userList(path: string, addPath: string, editPath: string): RouteObject {
  return screen(path, titles.users, async () => {
    const { UserList, loader } = await import('./user-list.tsx');
    return { loader, Component: () => <UserList addPath={addPath} editPath={editPath} /> };
  }, { admin: true });
}

function userForm(path: string, listPath: string, title: string): RouteObject {
  return screen(path, title, async () => {
    const { UserForm, loader } = await import('./user-form.tsx');
    return { loader, Component: () => <UserForm listPath={listPath} /> };
  }, { admin: true });
}

/** Users (admin) and the account, inside the V2 layout. */
export const userV2Routes: RouteObject[] = [
  screen(paths.account, titles.account, async () => ({ Component: (await import('./account.tsx')).AccountPage })),
  userList(paths.adminUsers, paths.adminUserAdd, paths.adminUserEdit),
  userForm(paths.adminUserAdd, paths.adminUsers, titles.userAdd),
  userForm(paths.adminUserEdit, paths.adminUsers, titles.userEdit),
];

/** The legacy user screens (spec §2), same list and form as V2; editing stays in the legacy layout too. */
export const userLegacyRoutes: RouteObject[] = [
  userList(paths.userLegacy, paths.userLegacyAdd, paths.userLegacyEdit),
  userForm(paths.userLegacyAdd, paths.userLegacy, titles.userAdd),
  userForm(paths.userLegacyEdit, paths.userLegacy, titles.userEdit),
];
