import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeMatcher } from './route-match.ts';
import { commonMessages } from '../../shared/messages/common.ts';
import { log } from './log.ts';
import type { RoutePattern } from './route-match.ts';

// The entry of every API Lambda: infra/bundle.ts generates it from the route table, one loader per
// route (`() => import('…/handlers/<area>/<route>.ts')`, its own chunk), so a cold start loads
// only the module graph of the route it serves. Kept tiny on purpose: nothing here but the map.

export type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;
export type HandlerLoader = () => Promise<{ handler: RouteHandler }>;

function notFound(): APIGatewayProxyStructuredResultV2 {
  return {
    statusCode: 404,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
    body: JSON.stringify({ message: commonMessages.errors.routeNotFound }),
  };
}

/** Loads a route's module once per container (the promise is kept, so parallel first calls share it). */
function once(load: HandlerLoader): () => Promise<RouteHandler> {
  let loaded: Promise<RouteHandler> | undefined;
  return () => (loaded ??= load().then((m) => m.handler, (err: unknown) => {
    loaded = undefined;
    throw err;
  }));
}

/**
 * An area function behind API Gateway, which names the matched route in `routeKey`
 * (`GET /api/user/{id}`): that route's module is loaded and called.
 */
export function dispatch(loaders: Readonly<Record<string, HandlerLoader>>): RouteHandler {
  // A GET route is there under two keys (its own and API Gateway's `ANY …`): one loader, loaded once.
  const byLoader = new Map<HandlerLoader, () => Promise<RouteHandler>>();
  const handlers = new Map(Object.entries(loaders).map(([key, load]) => {
    let handler = byLoader.get(load);
    if (!handler) byLoader.set(load, handler = once(load));
    return [key, handler];
  }));
  return async (event, context) => {
    const handler = handlers.get(event.routeKey);
    if (handler) return (await handler())(event, context);
    // Only reachable when API Gateway and the bundle disagree (a route added without redeploying the function).
    log('error', 'route key not handled by this function: deploy the stack again so API and functions match', {
      routeKey: event.routeKey,
      requestId: event.requestContext?.requestId,
    });
    return notFound();
  };
}

/**
 * A function behind a Lambda function URL, which has no route table: the path is matched against
 * the function's routes (as API Gateway would) and the route's module runs with the `routeKey` and
 * path parameters API Gateway would have set. HEAD is answered like GET.
 */
export function dispatchUrl(routes: readonly (RoutePattern & { load: HandlerLoader })[]): RouteHandler {
  const match = routeMatcher(routes.map((r) => ({ ...r, handler: once(r.load) })));
  return async (event, context) => {
    const method = event.requestContext?.http?.method ?? 'GET';
    const found = match(method, event.rawPath);
    if (found === null || found === 'method-not-allowed') return notFound();
    const routeKey = `${found.route.method} ${found.route.path}`;
    return (await found.route.handler())({ ...event, routeKey, pathParameters: found.pathParameters }, context);
  };
}
