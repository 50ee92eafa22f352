import { hash } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { parse, safeParse } from 'zod/mini';
import type { z } from 'zod';
import type { RouteDef } from '../../shared/api/define.ts';
import { fieldErrorsOf } from '../../shared/schemas/field-errors.ts';
import { commonMessages as msg } from '../../shared/messages/common.ts';
import { AppError, PayloadTooLargeError, ThrottledError, UnsupportedTypeError, ValidationError, statusOf } from './errors.ts';
import type { ErrorBody } from './errors.ts';
import { authenticate } from './auth/session.ts';
import type { AuthUser } from './auth/session.ts';
import { requireAdmin } from './permissions.ts';
import { log } from './log.ts';
import { clientAddress, requestMiddleware } from './request-middleware.ts';
import { mapStack } from './stack-map.ts';
import { runAudited } from './audit-hook.ts';

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

type In<S> = S extends z.core.$ZodType ? z.output<S> : undefined;

export interface HandlerInput<R extends RouteDef> {
  params: In<R['params']>;
  query: In<R['query']>;
  body: In<R['body']>;
  /** The signed-in user; null only on public routes. */
  auth: R['access'] extends 'public' ? AuthUser | null : AuthUser;
  event: HttpEvent;
  /** Client address as API Gateway saw it. */
  sourceIp: string;
}

/** A non-JSON answer (image, CSV, wallet pass). */
export interface FileResult {
  kind: 'file';
  contentType: string;
  body: Buffer | string;
  headers?: Record<string, string>;
  /** 200 unless set: protocols with statuses of their own (PassKit's 201/204/304, a 302 redirect), sent as they are. */
  statusCode?: number;
}

export function fileResult(contentType: string, body: Buffer | string, headers?: Record<string, string>): FileResult {
  return { kind: 'file', contentType, body, ...(headers ? { headers } : {}) };
}

function isFileResult(v: unknown): v is FileResult {
  return typeof v === 'object' && v !== null && (v as FileResult).kind === 'file';
}

type Output<R extends RouteDef> = R['output'] extends z.core.$ZodType ? z.input<R['output']> : FileResult;

function parsePart(schema: z.core.$ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  // Absent params/query (and an empty body) are `{}`; a JSON `null` body is not an object.
  const result = safeParse(schema, value === undefined ? {} : value);
  if (!result.success) throw new ValidationError(msg.errors.invalidInput, fieldErrorsOf(result.error));
  return result.data;
}

export function rawBody(event: HttpEvent): Buffer {
  if (!event.body) return Buffer.alloc(0);
  return Buffer.from(event.body, event.isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * `__proto__` as a JSON key is never data of ours; refused so no later merge (Object.assign, a
 * library's deep merge) can turn it into a prototype change.
 */
function refuseProtoKeys(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('__proto__');
  return value;
}

function jsonBody(event: HttpEvent): unknown {
  const text = rawBody(event).toString('utf8');
  if (text.trim() === '') return {};
  try {
    // Deep nesting ends in a RangeError inside JSON.parse: also just invalid JSON for the caller.
    return JSON.parse(text, refuseProtoKeys);
  } catch {
    throw new ValidationError(msg.errors.invalidJson);
  }
}

/** The media type of the request body, lower case without parameters ('' when absent). */
function mediaType(event: HttpEvent): string {
  const header = event.headers?.['content-type'] ?? event.headers?.['Content-Type'] ?? '';
  return header.split(';')[0]!.trim().toLowerCase();
}

/**
 * A JSON route reads only `application/json` and a multipart route only `multipart/form-data`:
 * a form or `text/plain` body (what another site can send without a preflight) is a 415 before
 * anything is parsed. A JSON route called without any body needs no type.
 */
function requireBodyType(route: RouteDef, event: HttpEvent): void {
  if (route.bodyKind === 'multipart') {
    if (mediaType(event) !== 'multipart/form-data') throw new UnsupportedTypeError(msg.errors.multipartOnly);
    return;
  }
  if (!route.body || rawBody(event).length === 0) return;
  if (mediaType(event) !== 'application/json') throw new UnsupportedTypeError(msg.errors.jsonOnly);
  // Anyone may call a public route: its JSON is small (sign-in, PassKit), so a big one is refused unread.
  if (route.access === 'public' && rawBody(event).length > PUBLIC_JSON_MAX_BYTES) throw new PayloadTooLargeError(msg.errors.payloadTooLarge);
}

/** Largest JSON body a public route reads (a PassKit log of 20 lines of 1,000 characters fits). */
export const PUBLIC_JSON_MAX_BYTES = 64 * 1024;

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
    body: JSON.stringify(body),
  };
}

function errorResult(err: unknown, route: RouteDef, event: HttpEvent): HttpResult {
  const requestId = event.requestContext?.requestId;
  if (err instanceof AppError) {
    // The request line (request-middleware.ts) reports status and message.
    const status = statusOf[err.kind];
    const body: ErrorBody = { message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) };
    const headers: Record<string, string> = err instanceof ThrottledError ? { 'retry-after': String(err.retryAfterSeconds) } : {};
    return json(status, body, headers);
  }
  // Unexpected: the detail goes to the log only, the caller gets the generic German text.
  log('error', 'unexpected failure', {
    route: route.name,
    requestId,
    error: err instanceof Error ? { name: err.name, message: err.message, stack: mapStack(err.stack) } : String(err),
  });
  return json(500, { message: msg.errors.generic } satisfies ErrorBody);
}

/** How a successful answer may be cached; errors are always `no-store`. */
export interface CacheOptions {
  /** `cache-control` of a 200 (default `no-store`; a file result's own header wins). */
  cacheControl?: string;
  /** Send a strong ETag of the body and answer 304 to a matching `If-None-Match`. */
  etag?: boolean;
}

/** How a route answers beyond its data: caching, and where a visitor goes when a link fails. */
export interface HandlerOptions extends CacheOptions {
  /**
   * For links a visitor opens in the browser (the wallet QR codes): any failure answers 303 to
   * this page of the web app (which explains it in the visitor's language) instead of a JSON body.
   */
  failurePage?: (event: HttpEvent) => string;
  /**
   * For pages (the public card page `/c/{id}`): any failure answers this HTML instead of a JSON
   * body, 404 for every refusal (unknown, inactive, malformed: one answer for all), 500 when the
   * server failed.
   */
  failureHtml?: () => Promise<string>;
}

/**
 * Kept by the CDN until invalidated, revalidated by browsers on every view: the CDN answers
 * their `If-None-Match` with a 304 while the object is unchanged, so no view reaches a Lambda.
 */
export const cdnCached: CacheOptions = { cacheControl: 'public, max-age=0, must-revalidate, s-maxage=31536000', etag: true };

function etagOf(body: string | Buffer): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 32)}"`;
}

/** RFC 9110 If-None-Match: weak comparison, a list, or `*`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/** A 200, or a 304 without body when the client already holds this version. */
function success(event: HttpEvent, cache: CacheOptions, headers: Record<string, string>, body: string | Buffer): HttpResult {
  const out: Record<string, string> = { ...headers };
  out['cache-control'] ??= cache.cacheControl ?? 'no-store';
  if (cache.etag) {
    out.etag = etagOf(body);
    if (etagMatches(event.headers?.['if-none-match'], out.etag)) {
      // A 304 repeats the validators and caching headers, not the body or its type.
      return { statusCode: 304, headers: { etag: out.etag, 'cache-control': out['cache-control'] }, body: '' };
    }
  }
  const isText = typeof body === 'string';
  return { statusCode: 200, headers: out, body: isText ? body : body.toString('base64'), isBase64Encoded: !isText };
}

/**
 * Wraps a domain call as a Lambda handler for one route: parses params, query and body with
 * the route's shared schemas, checks access, and maps the result or error to HTTP.
 */
export function createHandler<R extends RouteDef>(
  route: R,
  fn: (input: HandlerInput<R>) => Promise<Output<R>>,
  options: HandlerOptions = {},
) {
  return middy<HttpEvent, HttpResult>().use(requestMiddleware(route)).handler(async (event) => {
    const method = event.requestContext?.http?.method ?? route.method;
    // In AWS a GET route is declared as ANY (shared/api/define.ts apiRouteKey): HEAD is answered
    // like GET, every other method this route does not have is a 405, as locally.
    if (method !== route.method && !(route.method === 'GET' && method === 'HEAD')) {
      return json(405, { message: msg.errors.routeNotFound } satisfies ErrorBody, { allow: route.method === 'GET' ? 'GET, HEAD' : route.method });
    }
    const result = await answer(route, fn, options, event);
    return method === 'HEAD' ? headOf(result) : result;
  });
}

/**
 * HEAD is answered wherever GET is (RFC 9110 §9.3.2): the same status and headers, no body. The
 * length the body would have is kept as content-length, as a GET would send it.
 */
function headOf(result: HttpResult): HttpResult {
  const body = typeof result.body === 'string' ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : Buffer.alloc(0);
  return { ...result, headers: { ...result.headers, 'content-length': String(body.length) }, body: '', isBase64Encoded: false };
}

async function answer<R extends RouteDef>(route: R, fn: (input: HandlerInput<R>) => Promise<Output<R>>, cache: HandlerOptions, event: HttpEvent): Promise<HttpResult> {
  try {
    // Public routes never read a token: the public card path stays at one read.
    const auth = route.access === 'public' ? null : await authenticate(event);
    if (route.access === 'admin' && auth) requireAdmin(auth);
    requireBodyType(route, event);
    const input = {
      params: parsePart(route.params, event.pathParameters),
      query: parsePart(route.query, event.queryStringParameters),
      body: route.bodyKind === 'multipart' ? undefined : parsePart(route.body, route.body ? jsonBody(event) : undefined),
      auth,
      event,
      sourceIp: clientAddress(event),
    } as HandlerInput<R>;
    // Every signed-in write is recorded in the audit log once it succeeded (functions/lib/audit-hook.ts).
    const result = await runAudited(route, input, () => fn(input));
    if (isFileResult(result) && result.statusCode !== undefined && result.statusCode !== 200) {
      const isText = typeof result.body === 'string';
      return {
        statusCode: result.statusCode,
        headers: { 'content-type': result.contentType, 'cache-control': 'no-store', ...result.headers },
        body: isText ? (result.body as string) : (result.body as Buffer).toString('base64'),
        isBase64Encoded: !isText,
      };
    }
    if (isFileResult(result)) return success(event, cache, { 'content-type': result.contentType, ...result.headers }, result.body);
    // The output schema is also a filter: fields it does not name (hashes, keys) never leave.
    const data = route.output ? parse(route.output, result) : result;
    return success(event, cache, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(data));
  } catch (err) {
    const failed = errorResult(err, route, event);
    if (cache.failureHtml) {
      return { statusCode: failed.statusCode === 500 ? 500 : 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, body: await cache.failureHtml() };
    }
    if (!cache.failurePage) return failed;
    // The request line shows the 303; this line says what failed.
    log('info', 'visitor link failed: sent on to the web page that explains it', { route: route.name, status: failed.statusCode, body: failed.body });
    return { statusCode: 303, headers: { location: cache.failurePage(event), 'cache-control': 'no-store', 'content-type': 'text/plain; charset=utf-8' }, body: '' };
  }
}
