import { fillPath } from '../../../shared/api/define.ts';
import type { RouteBody, RouteDef, RouteOutput, RouteParams, RouteQuery } from '../../../shared/api/define.ts';
import { msg } from '../../../shared/messages.ts';
import { getToken } from '../session.ts';

/** The wrapper every call returns (spec §3/§7). */
export interface ApiResult<T> {
  data: T | null;
  statusCode: number;
  errorMessage: string | null;
  fieldErrors?: Record<string, string>;
}

type Args<R extends RouteDef> = {
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  body?: RouteBody<R>;
};

function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/**
 * One request wrapped like every API call (spec §7): the stored bearer token goes along unless
 * `withToken` is false; a network failure or an error status becomes `errorMessage` (from the
 * German `{ message, fieldErrors }` body); `read` turns a successful response into the data.
 * Never throws.
 */
export async function request<T>(
  url: string,
  init: { method: string; headers?: Record<string, string>; body?: BodyInit; withToken?: boolean },
  read: (res: Response) => Promise<T>,
): Promise<ApiResult<T>> {
  const headers: Record<string, string> = { ...init.headers };
  const token = getToken();
  if (token && init.withToken !== false) headers.authorization = `Bearer ${token}`;
  let res: Response;
  try {
    res = await fetch(url, { method: init.method, headers, ...(init.body !== undefined ? { body: init.body } : {}) });
  } catch {
    return { data: null, statusCode: 0, errorMessage: msg.errors.network };
  }
  if (res.ok) return { data: await read(res), statusCode: res.status, errorMessage: null };
  const body = (await readJson(res)) as { message?: string; fieldErrors?: Record<string, string> } | null;
  return {
    data: null,
    statusCode: res.status,
    errorMessage: body?.message ?? msg.errors.generic,
    ...(body?.fieldErrors ? { fieldErrors: body.fieldErrors } : {}),
  };
}

/** The JSON body, or null when there is none or it is not JSON. */
export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

/** Calls one route of the shared table with the stored bearer token. Never throws. */
export function call<R extends RouteDef>(route: R, args: Args<R> = {}): Promise<ApiResult<RouteOutput<R>>> {
  const url = fillPath(route.path, args.params as Record<string, string> | undefined) + queryString(args.query as Record<string, unknown>);
  return request(url, {
    method: route.method,
    headers: { accept: 'application/json', ...(args.body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(args.body !== undefined ? { body: JSON.stringify(args.body) } : {}),
    withToken: route.access !== 'public',
  }, async (res) => (await readJson(res)) as RouteOutput<R>);
}
