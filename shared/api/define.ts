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
 * The API Gateway route key of a route. An HTTP API matches HEAD only to a route declared for HEAD
 * (or ANY), and CloudFront forwards a viewer's HEAD to the origin as HEAD on a cache miss, so a GET
 * route is declared as `ANY`: HEAD reaches the GET handler (which answers without a body) and costs
 * no second CloudFormation resource; any other method that no route of the path declares reaches
 * it too and is answered 405 by `createHandler`, as locally.
 */
export function apiRouteKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method === 'GET' ? 'ANY' : route.method} ${route.path}`;
}
