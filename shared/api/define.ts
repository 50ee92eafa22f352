import type { z } from 'zod';

export type Access = 'public' | 'user' | 'admin';
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One API route: the single source for the Lambda handler map, the API Gateway routes
 * and the typed web client. `output` is absent for routes that answer with a file
 * (images, CSV, pkpass) instead of JSON.
 */
export interface RouteDef {
  readonly name: string;
  readonly method: Method;
  /** API Gateway path template, e.g. `/api/user/{id}`. */
  readonly path: string;
  readonly access: Access;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** `multipart`: the body is multipart/form-data and parsed by the handler. */
  readonly bodyKind?: 'json' | 'multipart';
  readonly output?: z.ZodType;
}

export function defineRoute<const R extends RouteDef>(route: R): R {
  return route;
}

type Infer<S> = S extends z.ZodType ? z.input<S> : undefined;
type Out<S> = S extends z.ZodType ? z.output<S> : unknown;

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
 * The API Gateway route keys of a route: a GET route also answers HEAD (RFC 9110 §9.3.2), and an
 * HTTP API matches HEAD only to a route declared for HEAD, so every GET route has a HEAD twin
 * with the same integration (infra/constructs/api.ts) and the same handler (functions/bundle.ts).
 */
export function apiRouteKeys(route: Pick<RouteDef, 'method' | 'path'>): string[] {
  const key = `${route.method} ${route.path}`;
  return route.method === 'GET' ? [key, `HEAD ${route.path}`] : [key];
}
