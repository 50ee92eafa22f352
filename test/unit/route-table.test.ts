import { describe, expect, test } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { routes, routeList } from '../../shared/api/routes.ts';
import { routeMatcher } from '../../functions/lib/route-match.ts';
import { fillPath } from '../../shared/api/define.ts';

const root = resolve(import.meta.dirname, '../..');
const matchRoute = routeMatcher(routeList);

describe('route table', () => {
  test('each entry is keyed by its own name', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.name).toBe(key);
  });

  test('no method and path is declared twice', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('every route names its own handler module, which builds its handler from that very route', () => {
    const modules = routeList.map((r) => r.handler);
    expect(new Set(modules).size, 'one module per route').toBe(modules.length);
    for (const r of routeList) {
      const file = resolve(root, r.handler);
      expect(existsSync(file), `${r.name} -> ${r.handler}`).toBe(true);
      // Read, not imported: importing every handler would load the whole server into this unit test.
      // createHandler(<route>, …) with the route's own export (the import is checked by tsc).
      const source = readFileSync(file, 'utf8');
      expect(source, `${r.handler} exports handler`).toMatch(/export const handler\b/);
      expect(source, `${r.handler} builds its handler for ${r.name}`).toMatch(new RegExp(`create\\w*Handler\\(\\s*${r.name}\\b`));
    }
  });

  test('every route path starts with /api/ and its placeholders are named', () => {
    for (const r of routeList) {
      expect(r.path.startsWith('/api/')).toBe(true);
      expect(r.path).not.toMatch(/\{\}|\/\//);
    }
  });
});

describe('route matching (local server, function URLs)', () => {
  test('a literal segment wins over a placeholder, as in API Gateway', () => {
    const group = matchRoute('GET', '/api/user/group');
    expect(group !== null && group !== 'method-not-allowed' && group.route.name).toBe('userGroups');
    const one = matchRoute('GET', '/api/user/abc');
    expect(one !== null && one !== 'method-not-allowed' && one.route.name).toBe('userGet');
    expect(one !== null && one !== 'method-not-allowed' && one.pathParameters).toEqual({ id: 'abc' });
  });

  test('unknown paths and wrong methods are told apart', () => {
    expect(matchRoute('GET', '/api/nope')).toBeNull();
    expect(matchRoute('PUT', '/api/health')).toBe('method-not-allowed');
  });

  test('fillPath encodes values and refuses missing ones', () => {
    expect(fillPath('/api/user/{id}', { id: 'a/b' })).toBe('/api/user/a%2Fb');
    expect(() => fillPath('/api/user/{id}', {})).toThrow();
  });
});
