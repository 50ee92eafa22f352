import type { RouteDef } from './define.ts';
import * as system from './routes/system.ts';
import * as auth from './routes/auth.ts';
import * as user from './routes/user.ts';
import * as person from './routes/person.ts';
import * as company from './routes/company.ts';
import * as profile from './routes/profile.ts';
import * as upload from './routes/upload.ts';

/** Every API route, keyed by name. Infra, functions and web all read this table. */
export const routes = {
  ...system,
  ...auth,
  ...user,
  ...person,
  ...company,
  ...profile,
  ...upload,
} satisfies Record<string, RouteDef>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly RouteDef[] = Object.values(routes);

/** `userAdminUpdate` -> `user-admin-update`: the handler's file name under functions/handlers/. */
export function handlerFileName(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}
