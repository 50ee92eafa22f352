import type { z } from 'zod';
import type { Needs } from './needs.ts';
import { mergeNeeds } from './needs.ts';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One API route, and everything about it: the single source for the Lambda dispatchers and the
 * function-URL router (infra/bundle.ts), the API Gateway routes, grants and CloudFront behaviours
 * (infra/), the local server (functions/local/) and the typed clients of the web app and the tests.
 * `output` is absent for routes that answer with a file (images, CSV, pkpass) instead of JSON.
 * Adding a route: one entry here and its handler module, nothing else.
 */
export interface RouteDef {
  readonly name: string;
  readonly method: Method;
  /** API Gateway path template, e.g. `/api/user/{id}`. */
  readonly path: string;
  readonly access: Access;
  /** Zod schemas, full or zod/mini (the public card's: shared/schemas/card.ts). */
  readonly params?: z.core.$ZodType;
  readonly query?: z.core.$ZodType;
  readonly body?: z.core.$ZodType;
  /** `multipart`: the body is multipart/form-data and parsed by the handler. */
  readonly bodyKind?: 'json' | 'multipart';
  readonly output?: z.core.$ZodType;
  /**
   * The module (path from the repository root) exporting this route's `handler`. Loaded only when
   * the route is called: by the area's Lambda (its own chunk) and by the local server. A string,
   * not an import, so the web app can import the table without any server code.
   */
  readonly handler: `functions/handlers/${string}.ts`;
  /** What the handler touches (its IAM grants in AWS); the token signing key follows from `access`. */
  readonly needs: Needs;
  /**
   * Served by a Lambda function URL of this name behind CloudFront (signed links that must not
   * need the API's origin secret) instead of the area's API Gateway route. All routes of one
   * name share one function.
   */
  readonly functionUrl?: string;
  /**
   * Kept by CloudFront for every visitor (no Authorization in the cache key, GET/HEAD only):
   * `shared` until invalidated (public card JSON and vCard), `immutable` (uploaded images). Absent:
   * private, answered per caller.
   */
  readonly cdn?: 'shared' | 'immutable';
  /** Memory and time the route's function needs (the area function takes the largest of its routes; default 512 MB, 10 s). */
  readonly lambda?: { readonly memoryMb?: number; readonly timeoutSeconds?: number };
  /** Stricter API Gateway throttling than the stage default (requests per second, burst). */
  readonly throttle?: { readonly rateLimit: number; readonly burstLimit: number };
}

/** What the function serving this route must be granted: its declared needs plus the signing key for signed-in routes. */
export function routeNeeds(route: RouteDef): Needs {
  return mergeNeeds([route.needs, route.access === 'public' ? {} : { secrets: ['auth'] }]);
}

/** `GET /api/user/{id}`: API Gateway's route key (and the local server's). */
export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}

export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

type Infer<S> = S extends z.core.$ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.core.$ZodType ? z.output<S> : unknown;

export type RouteParams<R extends RouteDef> = Infer<R['params']>;
export type RouteQuery<R extends RouteDef> = Infer<R['query']>;
export type RouteBody<R extends RouteDef> = Infer<R['body']>;
export type RouteOutput<R extends RouteDef> = Out<R['output']>;

/** `/api/user/{id}` -> `/api/user/42`; every placeholder must be given. */
export function fillPath(template: string, params: Record<string, string | number> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => {
    const value = params?.[key];
    if (value === undefined || value === '') throw new Error(`Pfadparameter ${key} fehlt für ${template}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The API Gateway route key of a route. An HTTP API matches HEAD only to a route declared for HEAD
 * (or ANY), and CloudFront forwards a viewer's HEAD to the origin as HEAD on a cache miss, so a GET
 * route is declared as `ANY`: HEAD reaches the GET handler (which answers without a body) and costs
 * no second CloudFormation resource; any other method that no route of the path declares reaches
 * it too and is answered 405 by `createHandler`, as locally.
 */
export function apiRouteKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method === 'GET' ? 'ANY' : route.method} ${route.path}`;
}
