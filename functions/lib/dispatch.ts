import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { msg } from '../../shared/messages.ts';
import { log } from './log.ts';

export type RouteHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * One Lambda function per area: API Gateway names the matched route in `routeKey`
 * (`GET /api/user/{id}`), which picks the route's own handler. Every route keeps its handler file;
 * the area function only saves CloudFormation resources (one function, role and log group per area).
 */
export function dispatch(handlers: Readonly<Record<string, RouteHandler>>): RouteHandler {
  return async (event, context) => {
    const handler = handlers[event.routeKey];
    if (handler) return handler(event, context);
    // Only reachable when API Gateway and the bundle disagree (a route added without redeploying the function).
    log('error', 'route key not handled by this function: deploy the stack again so API and functions match', {
      routeKey: event.routeKey,
      requestId: event.requestContext?.requestId,
    });
    return {
      statusCode: 404,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
      body: JSON.stringify({ message: msg.errors.routeNotFound }),
    };
  };
}
