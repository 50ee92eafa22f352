import { expect } from 'vitest';
import type { RouteDef } from '../../shared/api/define.ts';
import { fillPath } from '../../shared/api/define.ts';
import { routeList } from '../../shared/api/routes.ts';
import type { TestServer } from './server.ts';
import { multipart } from './images.ts';
import type { Call } from '../api/route-fixtures.ts';
import { routeFixtures } from '../api/route-fixtures.ts';

export interface Sent {
  status: number;
  text: string;
  contentType: string | null;
  /** Parsed JSON or null. */
  json: any;
  headers: Headers;
}

export interface SendOptions {
  token?: string | undefined;
  /** Raw body instead of the call's JSON/multipart (with `contentType`). */
  raw?: Buffer | string;
  contentType?: string;
  /** Ms until the request counts as hanging. */
  timeoutMs?: number;
  /** Another method than the route's (HEAD for a GET route). */
  method?: string;
  /** Redirects are answers of their own (default: followed, as a browser would). */
  redirect?: 'follow' | 'manual';
}

/** Sends a fixture call for a route, as JSON or multipart, like a client would. */
export async function send(s: TestServer, route: RouteDef, call: Call, o: SendOptions = {}): Promise<Sent> {
  const path = fillPath(route.path, call.params);
  const qs = call.query ? `?${new URLSearchParams(call.query).toString()}` : '';
  const headers: Record<string, string> = {};
  if (o.token) headers.authorization = `Bearer ${o.token}`;
  let body: Buffer | string | undefined;
  if (o.raw !== undefined) {
    body = o.raw;
    if (o.contentType) headers['content-type'] = o.contentType;
  } else if (call.multipart) {
    const m = multipart(call.multipart);
    body = m.body;
    headers['content-type'] = o.contentType ?? m.contentType;
  } else if (call.body !== undefined) {
    body = JSON.stringify(call.body);
    headers['content-type'] = o.contentType ?? 'application/json';
  }
  const res = await fetch(s.baseUrl + path + qs, {
    method: o.method ?? route.method,
    redirect: o.redirect ?? 'follow',
    headers,
    ...(body !== undefined ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
    signal: AbortSignal.timeout(o.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  return { status: res.status, text, contentType: res.headers.get('content-type'), json, headers: res.headers };
}

/** The routes of one shard (the harnesses split the table across files to run in parallel). */
export function shardOf(routes: readonly RouteDef[], shard: number, shards: number): RouteDef[] {
  return routes.filter((_, i) => i % shards === shard);
}

export const allRoutes = routeList;

export function fixtureFor(route: RouteDef) {
  const f = routeFixtures[route.name];
  if (!f) {
    throw new Error(`Route ${route.name} (${route.method} ${route.path}) hat keine Fixture: bitte in test/api/route-fixtures.ts eintragen`);
  }
  return f;
}

/** A German message: an error answer is JSON with a `message` containing no English default text. */
export function expectGermanError(res: Sent, label: string): void {
  // SCIM routes answer in SCIM's error schema (application/scim+json, the text in `detail`; issue 26).
  const scim = /^application\/scim\+json/.test(res.contentType ?? '');
  expect(res.contentType ?? '', `${label}: JSON-Fehler erwartet, kam ${res.text.slice(0, 200)}`).toMatch(scim ? /^application\/scim\+json/ : /application\/json/);
  const message = scim ? res.json?.detail : res.json?.message;
  expect(typeof message, `${label}: message fehlt in ${res.text.slice(0, 200)}`).toBe('string');
  expect(message, label).not.toMatch(/\b(Invalid|Expected|Required|required|expected|must|Unexpected|error)\b/);
  for (const v of Object.values((res.json?.fieldErrors ?? {}) as Record<string, string>)) {
    expect(v, `${label}: fieldError ${v}`).not.toMatch(/\b(Invalid|Expected|Required|expected|must|Too (big|small))\b/);
  }
}
