import { request } from 'node:http';
import { fillPath } from '../../shared/api/define.ts';
import type { RouteBody, RouteDef, RouteOutput, RouteParams, RouteQuery } from '../../shared/api/define.ts';
import { routes } from '../../shared/api/routes.ts';
import type { RouteName, Routes } from '../../shared/api/routes.ts';
import { multipart } from './images.ts';

// The tests' client of the API, built from the route table: a call names its route, and params,
// query and body are typed by that route's schemas. The path comes from the route's template, so
// a test cannot call a path the contract does not have. Requests the contract cannot express (a
// wrong method, a broken body, a path of no route) go through `TestServer.api` and say why.

export interface ApiResponse<T = any> {
  status: number;
  /** Parsed JSON, or the text when the answer is not JSON (null when empty). */
  body: T;
  headers: Headers;
  /** The answer's bytes (files: images, vCards, passes, CSV). */
  bytes: Buffer;
}

/** What an error answer carries besides the route's own output (its German message); typed as present, the test checks the status first. */
interface ErrorFields {
  message: string;
  fieldErrors: Record<string, string>;
}

/**
 * The route's output with room for what a test also reads: an error's message, or a field the
 * output must NOT contain (`expect(res.body.passwordHash).toBeUndefined()`). File routes: anything.
 */
export type Answer<R extends RouteDef> = R['output'] extends undefined ? any : RouteOutput<R> & ErrorFields & { [field: string]: any };

type PartOf<K extends string, T> = [T] extends [undefined] ? { [P in K]?: never } : { [P in K]: T };

export type CallArgs<R extends RouteDef> = PartOf<'params', RouteParams<R>> & {
  query?: RouteQuery<R>;
  /**
   * JSON body, typed by the route's schema. Keys the schema does not name are allowed, as they
   * are on the wire (the server drops them): a test may send back what it read.
   */
  body?: RouteBody<R> & { [key: string]: unknown };
  /**
   * A body without the route's typing, for what the contract cannot express: input it refuses, on
   * purpose (wrong types, missing fields), or bytes built by hand. Text and bytes go as they are
   * (with `headers['content-type']`), anything else as JSON. Everything else uses `body`.
   */
  rawBody?: unknown;
  /** Multipart parts (the upload and CSV routes). */
  multipart?: { name: string; filename?: string; contentType?: string; data: Buffer | string }[];
  /** A browser FormData, sent as the browser encodes it. */
  form?: FormData;
  token?: string | undefined;
  headers?: Record<string, string>;
  /** The client's own address (127.0.0.x): the server reads it from the socket, as API Gateway does (throttling tests). */
  from?: string;
};

/** `params` may be left out only for routes without path parameters. */
export type CallRest<R extends RouteDef> = [RouteParams<R>] extends [undefined] ? [args?: CallArgs<R>] : [args: CallArgs<R>];

export type RouteCaller = <N extends RouteName>(name: N, ...rest: CallRest<Routes[N]>) => Promise<ApiResponse<Answer<Routes[N]>>>;

/** Reads an answer as the browser would: JSON when it is JSON, else text; bytes always. */
export async function readAnswer(res: Response): Promise<ApiResponse> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const text = bytes.toString('utf8');
  let body: unknown = text === '' ? null : text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: the text.
  }
  return { status: res.status, body, headers: res.headers, bytes };
}

/** A request from a chosen local address (fetch cannot bind one). */
function requestFrom(url: URL, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined, localAddress: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, localAddress, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const answer = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) answer.set(k, Array.isArray(v) ? v.join(', ') : v);
        resolve(readAnswer(new Response(res.statusCode === 304 ? null : Buffer.concat(chunks), { status: res.statusCode ?? 0, headers: answer })));
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

function queryString(query: object | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** A caller for the server at `baseUrl`. Redirects are not followed: a test sees the 302. */
export function routeCaller(baseUrl: string): RouteCaller {
  return (async (name: RouteName, args: Partial<CallArgs<RouteDef>> & { params?: unknown } = {}) => {
    const route = routes[name] as RouteDef;
    const headers: Record<string, string> = { ...args.headers };
    if (args.token) headers.authorization = `Bearer ${args.token}`;
    let body: string | Uint8Array<ArrayBuffer> | FormData | undefined;
    if (args.form) {
      body = args.form;
    } else if (args.multipart) {
      const m = multipart(args.multipart);
      body = new Uint8Array(m.body);
      headers['content-type'] ??= m.contentType;
    } else if (typeof args.rawBody === 'string' || Buffer.isBuffer(args.rawBody)) {
      body = typeof args.rawBody === 'string' ? args.rawBody : new Uint8Array(args.rawBody);
      headers['content-type'] ??= 'application/json';
    } else if (args.body !== undefined || args.rawBody !== undefined) {
      body = JSON.stringify(args.body ?? args.rawBody);
      headers['content-type'] ??= 'application/json';
    }
    const path = fillPath(route.path, args.params as Record<string, string> | undefined) + queryString(args.query as object | undefined);
    if (args.from) {
      if (body instanceof FormData) throw new Error('from: no FormData');
      return requestFrom(new URL(baseUrl + path), route.method, headers, body, args.from);
    }
    const res = await fetch(baseUrl + path, { method: route.method, headers, redirect: 'manual', ...(body !== undefined ? { body } : {}) });
    return readAnswer(res);
  }) as RouteCaller;
}

/** The JSON body a route takes, by route name: for helpers that build bodies (`function card(): BodyOf<'personCreate'>`). */
export type BodyOf<N extends RouteName> = RouteBody<Routes[N]>;
