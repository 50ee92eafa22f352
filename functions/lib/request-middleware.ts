import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { RouteDef } from '../../shared/api/define.ts';
import { commonMessages as msg } from '../../shared/messages/common.ts';
import { requireOrigin } from './auth/origin.ts';
import { AppError, statusOf } from './errors.ts';
import { log } from './log.ts';
import { VIEWER_ADDRESS_HEADER } from '../../shared/edge-functions.ts';

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;

/** The German message of an error answer, so the request line says why without a second line. */
function messageOf(result: Result): string | undefined {
  if ((result.statusCode ?? 200) < 400 || typeof result.body !== 'string' || result.isBase64Encoded) return undefined;
  try {
    const m = (JSON.parse(result.body) as { message?: unknown }).message;
    return typeof m === 'string' ? m : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The visitor's address: CloudFront's function sets it (overwriting anything the client sent);
 * without CloudFront in front (locally) the connection's own address is it. API Gateway's access
 * log only knows CloudFront's address, so the request line below carries this one.
 */
export function clientAddress(event: Event): string {
  return event.headers?.[VIEWER_ADDRESS_HEADER] ?? event.requestContext?.http?.sourceIp ?? 'unknown';
}

const started = new WeakMap<object, number>();

function requestLine(route: RouteDef, event: Event, lambdaRequestId: string | undefined, result: Result): void {
  const begin = started.get(event);
  const message = messageOf(result);
  log('info', 'request', {
    route: route.name,
    requestId: event.requestContext?.requestId,
    lambdaRequestId,
    method: event.requestContext?.http?.method,
    path: event.rawPath,
    ip: clientAddress(event),
    status: result.statusCode ?? 200,
    ...(begin !== undefined ? { ms: Date.now() - begin } : {}),
    ...(message ? { error: message } : {}),
  });
}

/**
 * Around every route handler: refuses requests that bypassed CloudFront (when an origin secret is
 * configured) and writes ONE JSON line per request with request id, route, status and duration.
 */
export function requestMiddleware(route: RouteDef): middy.MiddlewareObj<Event, Result> {
  return {
    name: 'request',
    before: async (request) => {
      started.set(request.event, Date.now());
      try {
        await requireOrigin(request.event);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const result: Result = {
          statusCode: statusOf[err.kind],
          headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
          body: JSON.stringify({ message: err.message || msg.errors.forbidden }),
        };
        requestLine(route, request.event, request.context?.awsRequestId, result);
        return result;
      }
      return undefined;
    },
    after: (request) => {
      if (request.response) requestLine(route, request.event, request.context?.awsRequestId, request.response);
    },
  };
}
