import type { RouteDef } from './define.ts';
import * as system from './routes/system.ts';
import * as auth from './routes/auth.ts';
import * as user from './routes/user.ts';
import * as person from './routes/person.ts';
import * as company from './routes/company.ts';
import * as profile from './routes/profile.ts';
import * as upload from './routes/upload.ts';
import * as statistic from './routes/statistic.ts';
import * as publicCard from './routes/public-card.ts';
import * as card from './routes/card.ts';
import * as credit from './routes/credit.ts';
import * as wallet from './routes/wallet.ts';
import * as vcard from './routes/vcard.ts';
import * as tools from './routes/tools.ts';
import * as exports from './routes/exports.ts';
import * as contact from './routes/contact.ts';
import * as sso from './routes/sso.ts';
import * as scim from './routes/scim.ts';
import * as privacy from './routes/privacy.ts';

/**
 * The areas of the API: one route module each. Register a new module HERE (import it and add it
 * below) and nothing else: it becomes part of `routes`, gets its own Lambda function in AWS
 * (dispatching by route key to each route's own module), its own bundle in `npm run build` and
 * the union of its routes' needs as grants.
 */
export const areas = {
  system,
  auth,
  user,
  person,
  company,
  profile,
  upload,
  statistic,
  publicCard,
  card,
  credit,
  wallet,
  vcard,
  tools,
  exports,
  contact,
  sso,
  scim,
  privacy,
} satisfies Record<string, Record<string, RouteDef>>;

export type AreaName = keyof typeof areas;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** Every API route, keyed by name. Infra, functions and web all read this table. */
export const routes = Object.assign({}, ...Object.values(areas)) as UnionToIntersection<(typeof areas)[AreaName]>;

export type Routes = typeof routes;
export type RouteName = keyof Routes;
export const routeList: readonly RouteDef[] = Object.values(routes);

/** The area (route module) a route belongs to, by route name. */
export const areaOfRoute: Readonly<Record<string, AreaName>> = Object.fromEntries(
  Object.entries(areas).flatMap(([area, mod]) => Object.keys(mod).map((name) => [name, area as AreaName])),
);

/** The routes each API area function serves (all but those on a function URL), by area. */
export function apiRoutesByArea(): Record<AreaName, RouteDef[]> {
  return Object.fromEntries(Object.entries(areas).map(([area, mod]) => [area, (Object.values(mod) as RouteDef[]).filter((r) => !r.functionUrl)])) as Record<AreaName, RouteDef[]>;
}

/** The routes each Lambda function URL serves, by its name. */
export function functionUrlRoutes(): Record<string, RouteDef[]> {
  const out: Record<string, RouteDef[]> = {};
  for (const r of routeList) if (r.functionUrl) (out[r.functionUrl] ??= []).push(r);
  return out;
}
