import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import type { RouteDef } from '../../shared/api/define.ts';
import { useTestServer } from './server.ts';
import { allRoutes, expectGermanError, fixtureFor, send, shardOf } from './route-harness.ts';
import type { Sent } from './route-harness.ts';
import { makePng } from './images.ts';
import { createFixtureTenant, fixtureContext } from '../api/route-fixtures.ts';
import type { Call, FixtureContext, RouteFixture, Tenant } from '../api/route-fixtures.ts';

/** One refused request: what to send and how to describe it in a failure. */
interface Case {
  label: string;
  call: Call;
  raw?: Buffer | string;
  contentType?: string;
}

const DEEP = 20_000;
/** Sent as text: building it as a value would overflow the test's own stack in JSON.stringify. */
const deepText = '['.repeat(DEEP) + ']'.repeat(DEEP);

/** A value of another JSON type than `v`, invalid for whatever field held `v`. */
function wrongType(v: unknown): unknown {
  if (typeof v === 'string') return 12345;
  if (typeof v === 'number') return 'zwölf';
  if (typeof v === 'boolean') return 'ja';
  if (Array.isArray(v)) return 'liste';
  return 'objekt';
}

/** Paths of every leaf (string, number, boolean) in a JSON value. */
function leafPaths(v: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(v)) return v.flatMap((x, i) => leafPaths(x, [...path, i]));
  if (v && typeof v === 'object') return Object.entries(v).flatMap(([k, x]) => leafPaths(x, [...path, k]));
  return v === null ? [] : [path];
}

const valueAt = (body: unknown, path: (string | number)[]) =>
  path.reduce<unknown>((o, p) => (o as Record<string | number, unknown>)[p], body);

/** Paths of every string in a JSON value. */
function stringPaths(v: unknown): (string | number)[][] {
  return leafPaths(v).filter((p) => typeof valueAt(v, p) === 'string');
}

function withValue(body: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let at = copy;
  for (const p of path.slice(0, -1)) at = at[p] as Record<string | number, unknown>;
  at[path[path.length - 1]!] = value;
  return copy;
}

function bodyCases(route: RouteDef, f: RouteFixture, call: Call): Case[] {
  const body = call.body as Record<string, unknown>;
  const json = JSON.stringify(body);
  const cases: Case[] = [
    { label: 'body null', call, raw: 'null', contentType: 'application/json' },
    { label: 'body is an array', call, raw: `[${json}]`, contentType: 'application/json' },
    { label: 'body is a string', call, raw: '"text"', contentType: 'application/json' },
    { label: 'body is a number', call, raw: '42', contentType: 'application/json' },
    { label: 'invalid JSON', call, raw: json.slice(0, -1), contentType: 'application/json' },
    { label: 'deeply nested JSON', call, raw: deepText, contentType: 'application/json' },
    { label: 'deeply nested objects', call, raw: '{"a":'.repeat(DEEP) + '1' + '}'.repeat(DEEP), contentType: 'application/json' },
    { label: '__proto__ at the top', call, raw: `{"__proto__":{"isAdmin":true,"polluted":true},${json.slice(1)}`, contentType: 'application/json' },
    { label: 'text/plain (a cross-site simple request)', call, raw: json, contentType: 'text/plain' },
    { label: 'form encoded', call, raw: json, contentType: 'application/x-www-form-urlencoded' },
    { label: 'multipart instead of JSON', call, raw: json, contentType: 'multipart/form-data; boundary=x' },
    { label: 'no content type', call, raw: json },
  ];
  for (const [key, value] of Object.entries(body)) {
    cases.push({ label: `${key}: wrong type`, call: { ...call, body: { ...body, [key]: wrongType(value) } } });
    if (!f.nullable?.includes(key)) cases.push({ label: `${key}: null`, call: { ...call, body: { ...body, [key]: null } } });
    cases.push({ label: `${key}: deeply nested array`, call, raw: JSON.stringify({ ...body, [key]: '@DEEP@' }).replace('"@DEEP@"', deepText), contentType: 'application/json' });
    if (value && typeof value === 'object') {
      cases.push({ label: `${key}: __proto__ inside`, call, raw: json.replace(`"${key}":${JSON.stringify(value)}`, `"${key}":${Array.isArray(value) ? `[{"__proto__":{"polluted":true}}]` : `{"__proto__":{"polluted":true}}`}`), contentType: 'application/json' });
    }
  }
  // Nested leaves of the wrong type (top-level keys got theirs above).
  for (const path of leafPaths(body).filter((p) => p.length > 1)) {
    cases.push({ label: `${path.join('.')}: wrong type`, call: { ...call, body: withValue(body, path, wrongType(valueAt(body, path))) } });
  }
  for (const path of stringPaths(body)) {
    const name = path.join('.');
    const v = valueAt(body, path) as string;
    cases.push({ label: `${name}: NUL`, call: { ...call, body: withValue(body, path, `${v}\u0000`) } });
    cases.push({ label: `${name}: escape sequence`, call: { ...call, body: withValue(body, path, `\u001b[2J${v}`) } });
    cases.push({ label: `${name}: lone surrogate`, call: { ...call, body: withValue(body, path, `${v}\ud800`) } });
    cases.push({ label: `${name}: 100,000 characters`, call: { ...call, body: withValue(body, path, `${v}${'x'.repeat(100_000)}`) } });
  }
  const first = stringPaths(body)[0];
  if (first) {
    cases.push({ label: `${first.join('.')}: 6 MB body`, call: { ...call, body: withValue(body, first, 'x'.repeat(6 * 1024 * 1024)) } });
  }
  void route;
  return cases;
}

function multipartCases(call: Call): Case[] {
  const png = makePng(20, 20);
  return [
    { label: 'JSON instead of multipart', call, raw: '{"image":"x"}', contentType: 'application/json' },
    { label: 'text/plain', call, raw: 'image=x', contentType: 'text/plain' },
    { label: 'broken multipart', call, raw: 'kaputt', contentType: 'multipart/form-data; boundary=xyz' },
    { label: 'no image field', call: { ...call, multipart: [{ name: 'datei', filename: 'a.png', contentType: 'image/png', data: png }] } },
    { label: 'truncated PNG', call: { ...call, multipart: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: png.subarray(0, 40) }] } },
    { label: 'HTML named .png', call: { ...call, multipart: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: '<html><script>alert(1)</script></html>' }] } },
    { label: 'more than 4 MB', call: { ...call, multipart: [{ name: 'image', filename: 'a.png', contentType: 'image/png', data: Buffer.concat([png, Buffer.alloc(4 * 1024 * 1024 + 10)]) }] } },
  ];
}

function paramCases(call: Call): Case[] {
  const cases: Case[] = [];
  for (const part of ['params', 'query'] as const) {
    for (const key of Object.keys(call[part] ?? {})) {
      // (A lone surrogate cannot travel in a URL: percent-decoding turns it into U+FFFD.)
      for (const [what, value] of [['NUL', 'a\u0000b'], ['escape sequence', '\u001b[2Jx'], ['3,000 characters', 'x'.repeat(3000)]] as const) {
        cases.push({ label: `${part}.${key}: ${what}`, call: { ...call, [part]: { ...call[part], [key]: value } } });
      }
    }
  }
  return cases;
}

/**
 * The bad-input harness over the route table: every write route's body is sent broken in every
 * way that matters (types, null, arrays, depth, size, `__proto__`, control characters, content
 * types) and every route's parameters too; each answer must be a German 4xx within the timeout,
 * never a 5xx, and nothing may change.
 */
export function runBadInput(shard: number, shards: number): void {
  const s = useTestServer();
  let c: FixtureContext;
  let t: Tenant;
  beforeAll(async () => {
    c = fixtureContext(s);
    t = await createFixtureTenant(c);
  });

  const uploadedFiles = () => readdirSync(join(s.uploadsDir, 'images')).length;
  const stateOf = async (call: Call) => {
    const own = call.state ? await call.state() : undefined;
    const tenant = await Promise.all([
      c.read('companyGet', { params: { id: t.company.id } }), c.read('profileGet', { params: { id: t.profile.id } }),
      c.read('personGet', { params: { id: t.person.id } }), c.read('userGet', { params: { id: t.user.id } }),
    ]);
    return { own, tenant, files: uploadedFiles() };
  };

  const expectRefused = (res: Sent, label: string) => {
    expect(res.status, `${label}: ${res.status} ${res.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(res.status, `${label}: ${res.status} ${res.text.slice(0, 300)}`).toBeLessThan(500);
    expectGermanError(res, label);
  };

  describe(`bad input (shard ${shard + 1}/${shards})`, () => {
    for (const route of shardOf(allRoutes, shard, shards)) {
      test(`${route.name}: ${route.method} ${route.path}`, async () => {
        const f = fixtureFor(route);
        const call = await f.call(c, t);
        const cases: Case[] = [
          ...(route.bodyKind === 'multipart' ? multipartCases(call) : []),
          ...(route.body && call.body && typeof call.body === 'object' ? bodyCases(route, f, call) : []),
          ...paramCases(call),
          ...((await f.badInputs?.(c, t)) ?? []).map((extra, i) => ({ label: `fixture badInputs[${i}]`, call: extra })),
        ];
        const before = await stateOf(call);
        // The admin may do everything: what is refused here is refused for the input alone.
        // Routes that end the caller's sessions get a caller of their own.
        const token = f.ownCallers ? (await c.newUser()).token : await s.adminToken();
        for (const k of cases) {
          const res = await send(s, route, k.call, { token, ...(k.raw !== undefined ? { raw: k.raw } : {}), ...(k.contentType ? { contentType: k.contentType } : {}), timeoutMs: 20_000, ...(f.visitorLink ? { redirect: 'manual' as const } : {}) });
          if (f.visitorLink) {
            // Sent on to the page that explains it, on this host, with the link's parts encoded.
            expect(res.status, `${route.name} ${k.label}: ${res.status} ${res.text.slice(0, 200)}`).toBe(303);
            expect(res.headers.get('location') ?? '', `${route.name} ${k.label}`).toMatch(/^\/qr\/[^/?#\s]+\/[^/?#\s]+$/);
            continue;
          }
          expectRefused(res, `${route.name} ${k.label}`);
        }
        expect(({} as Record<string, unknown>).polluted, 'Object.prototype verändert').toBeUndefined();
        expect(await stateOf(call), `${route.name}: abgelehnte Eingaben haben Daten verändert`).toEqual(before);
      }, 120_000);
    }
  });
}
