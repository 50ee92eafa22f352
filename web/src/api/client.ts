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

/** Calls one route of the shared table with the stored bearer token. Never throws. */
export async function call<R extends RouteDef>(route: R, args: Args<R> = {}): Promise<ApiResult<RouteOutput<R>>> {
  const url = fillPath(route.path, args.params as Record<string, string> | undefined) + queryString(args.query as Record<string, unknown>);
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = getToken();
  if (token && route.access !== 'public') headers.authorization = `Bearer ${token}`;
  if (args.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(url, { method: route.method, headers, ...(args.body !== undefined ? { body: JSON.stringify(args.body) } : {}) });
  } catch {
    return { data: null, statusCode: 0, errorMessage: msg.errors.network };
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (res.ok) return { data: parsed as RouteOutput<R>, statusCode: res.status, errorMessage: null };
  const body = parsed as { message?: string; fieldErrors?: Record<string, string> } | null;
  return {
    data: null,
    statusCode: res.status,
    errorMessage: body?.message ?? msg.errors.generic,
    ...(body?.fieldErrors ? { fieldErrors: body.fieldErrors } : {}),
  };
}
