import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { routeList } from '../../shared/api/routes.ts';
import { apiRouteKey } from '../../shared/api/define.ts';
import type { RouteDef } from '../../shared/api/define.ts';
import { cardPagePath, spaRewrite, VIEWER_ADDRESS_HEADER } from '../../shared/edge-functions.ts';
import { commonMessages as msg } from '../../shared/messages/common.ts';
import { securityHeaders } from '../../shared/security-headers.ts';
import { TAP_BEACON_PATH } from '../../shared/card/taps.ts';
import { routeMatcher } from '../lib/route-match.ts';
import { log } from '../lib/log.ts';
import type { CdnLogWriter } from './cdn-log-writer.ts';
import { compressAnswer } from './compression.ts';

/** API Gateway's own payload limit. */
const MAX_BODY_BYTES = 10 * 1024 * 1024;

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

const root = resolve(import.meta.dirname, '../..');
const matchRoute = routeMatcher(routeList);
const handlers = new Map<string, Promise<LambdaHandler>>();

/** Loads a route's handler module (named in its RouteDef) on first use, as a Lambda container would. */
function loadHandler(route: RouteDef): Promise<LambdaHandler> {
  let h = handlers.get(route.name);
  if (!h) {
    h = import(pathToFileURL(join(root, route.handler)).href).then((m: { handler: LambdaHandler }) => m.handler);
    handlers.set(route.name, h);
  }
  return h;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.gif': 'image/gif',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...securityHeaders, 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

const NO_BODY = Buffer.alloc(0);

async function readBody(req: IncomingMessage): Promise<Buffer | 'too-large'> {
  // Without either header an HTTP/1.1 request has no body (RFC 9112 §6.3): nothing to wait for.
  if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return NO_BODY;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return 'too-large';
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function isTextual(contentType: string | undefined): boolean {
  return !contentType || /^(application\/json|text\/|application\/x-www-form-urlencoded)/i.test(contentType);
}

/** Turns a Node request into the API Gateway HTTP API (v2) event the Lambda gets in AWS. */
export function toEvent(req: IncomingMessage, url: URL, body: Buffer, routeKey: string, pathParameters: Record<string, string>): APIGatewayProxyEventV2 {
  // Node gives the header names lower-cased already; repeated ones are joined as API Gateway joins them.
  const headers: Record<string, string> = {};
  for (const k in req.headers) {
    const v = req.headers[k];
    if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(',') : v;
  }
  const query: Record<string, string> = {};
  if (url.search) for (const [k, v] of url.searchParams) query[k] = k in query ? `${query[k]},${v}` : v;
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');
  // As CloudFront's viewer-address function does: set from the connection, never from the client.
  headers[VIEWER_ADDRESS_HEADER] = sourceIp;
  const textual = isTextual(headers['content-type']);
  const now = Date.now();
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ''),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date(now).toISOString(),
      timeEpoch: now,
    },
    ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !textual,
  };
}

function lambdaContext(requestId: string, name: string): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: name,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${name}`,
    memoryLimitInMB: '512',
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${name}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => 30_000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

/** `viewerPath`: the path the visitor asked for, where a CDN function changed it (the access log records that one). */
async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, cdnLog?: Pick<CdnLogWriter, 'record'>, viewerPath = url.pathname): Promise<void> {
  const match = matchRoute(req.method ?? 'GET', url.pathname);
  if (match === null) return sendJson(res, 404, { message: msg.errors.routeNotFound });
  if (match === 'method-not-allowed') return sendJson(res, 405, { message: msg.errors.routeNotFound });
  const body = await readBody(req);
  if (body === 'too-large') return sendJson(res, 413, { message: msg.errors.payloadTooLarge });
  // API Gateway's route key: a GET route is declared as `ANY` (HEAD comes in on it).
  const routeKey = apiRouteKey(match.route);
  const event = toEvent(req, url, body, routeKey, match.pathParameters);
  const handler = await loadHandler(match.route);
  const result = await handler(event, lambdaContext(event.requestContext.requestId, match.route.name));
  const status = result.statusCode ?? 200;
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(result.headers ?? {})) headers[k.toLowerCase()] = String(v);
  const raw = result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined;
  // As CloudFront's `compress: true` does; with its length the answer goes out in one piece, not chunked (as API Gateway sends it).
  const sent = raw ? compressAnswer({ method: req.method ?? 'GET', acceptEncoding: req.headers['accept-encoding'], headers, body: raw }) : undefined;
  const length = sent && status !== 304 && status !== 204 ? { 'content-length': String(sent.body.length) } : {};
  res.writeHead(status, { ...securityHeaders, ...headers, ...sent?.headers, ...length });
  res.end(sent?.body);
  // What CloudFront's access log records in AWS; the statistics count views from it.
  cdnLog?.record({ method: req.method ?? 'GET', path: viewerPath, status: result.statusCode ?? 200, userAgent: req.headers['user-agent'], query: url.search.slice(1) });
}

async function handleStatic(req: IncomingMessage, res: ServerResponse, url: URL, staticDir: string): Promise<number> {
  let rewritten: string;
  try {
    rewritten = spaRewrite(decodeURIComponent(url.pathname));
  } catch {
    res.writeHead(404, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
    res.end(msg.ui.notFound);
    return 404;
  }
  const file = normalize(join(staticDir, rewritten));
  if (!file.startsWith(normalize(staticDir) + sep)) {
    sendJson(res, 404, { message: msg.errors.notFound });
    return 404;
  }
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new Error('not a file');
    const data = await readFile(file);
    const ext = extname(file);
    // Hashed assets never change; the HTML pages must be re-checked so a deploy is picked up.
    // The tap beacon is revalidated like the pages (infra/constructs/web.ts): the CDN keeps it, browsers ask every time.
    const cache = rewritten.endsWith('.html') || rewritten === TAP_BEACON_PATH ? 'no-cache' : /-[A-Z0-9]{8}\.\w+$/.test(file) ? 'public, max-age=31536000, immutable' : 'public, max-age=300';
    const headers = { 'content-type': CONTENT_TYPES[ext] ?? 'application/octet-stream', 'cache-control': cache };
    const sent = compressAnswer({ method: req.method ?? 'GET', acceptEncoding: req.headers['accept-encoding'], headers, body: data });
    res.writeHead(200, { ...securityHeaders, ...headers, ...sent.headers });
    res.end(sent.body);
    return 200;
  } catch {
    res.writeHead(404, { ...securityHeaders, 'content-type': 'text/plain; charset=utf-8' });
    res.end(msg.ui.notFound);
    return 404;
  }
}

/** One HTTP server for the SPA and the API, as CloudFront + API Gateway are in AWS. */
export function createLocalServer(o: { staticDir: string; ready?: Promise<void>; cdnLog?: Pick<CdnLogWriter, 'record'> }): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    // As CloudFront's response headers policy does, every answer (SPA, API, errors) carries the
    // security headers: each writeHead below starts from them.
    // Requests that arrive while DynamoDB Local is still starting wait for it.
    const work = (o.ready ?? Promise.resolve()).then(() => {
      if (url.pathname.startsWith('/api/')) return handleApi(req, res, url, o.cdnLog);
      // As CloudFront's `/c/*` behaviour: its function's path, then the API (the page with its card).
      if (url.pathname.startsWith('/c/')) return handleApi(req, res, new URL(cardPagePath(url.pathname) + url.search, url), o.cdnLog, url.pathname);
      // Static files are the CDN's own answers (no Lambda); the log records them as CloudFront's would (the tap beacon counts).
      return handleStatic(req, res, url, o.staticDir).then((status) => o.cdnLog?.record({ method: req.method ?? 'GET', path: url.pathname, status, userAgent: req.headers['user-agent'], query: url.search.slice(1) }));
    });
    work.catch((err: unknown) => {
      log('error', 'local server failure', { path: url.pathname, error: err instanceof Error ? err.stack : String(err) });
      if (!res.headersSent) sendJson(res, 500, { message: msg.errors.generic });
      else res.end();
    });
  });
}
