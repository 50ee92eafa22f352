import { describe, expect, test } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { routes, routeList, handlerFileName } from '../../shared/api/routes.ts';
import { matchRoute } from '../../functions/local/router.ts';
import { fillPath } from '../../shared/api/define.ts';

describe('route table', () => {
  test('each entry is keyed by its own name', () => {
    for (const [key, route] of Object.entries(routes)) expect(route.name).toBe(key);
  });

  test('no method and path is declared twice', () => {
    const keys = routeList.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  test('every route has a handler file exporting `handler`', async () => {
    for (const r of routeList) {
      const file = resolve(import.meta.dirname, '../../functions/handlers', `${handlerFileName(r.name)}.ts`);
      expect(existsSync(file), `${r.name} -> ${file}`).toBe(true);
      const mod = (await import(file)) as { handler?: unknown };
      expect(typeof mod.handler, r.name).toBe('function');
    }
  });

  test('every route path starts with /api/ (but the public card page /c/{id}, issue 20) and its placeholders are named', () => {
    // The page has a behaviour of its own at the edge and in the local server (`/c/*`), no path under /api/.
    expect(routeList.filter((r) => !r.path.startsWith('/api/')).map((r) => `${r.name} ${r.path}`)).toEqual(['cardPage /c/{id}']);
    for (const r of routeList) {
      expect(r.path).not.toMatch(/\{\}|\/\//);
    }
  });
});

describe('local router', () => {
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
