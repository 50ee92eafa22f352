import { describe, expect, test } from 'vitest';
import { areas, areaOfRoute, functionUrlRoutes, routeList, routes } from '../../shared/api/routes.ts';
import { entrySource } from '../../infra/bundle.ts';
import type { AreaName } from '../../shared/api/routes.ts';

describe('API areas (one Lambda each in AWS)', () => {
  test('no route name is declared in two areas (routes would silently lose one)', () => {
    const names = Object.values(areas).flatMap((m) => Object.keys(m));
    expect(names.length).toBe(new Set(names).size);
    expect(routeList.length).toBe(names.length);
  });

  test('every route knows its area, and the area module holds it', () => {
    for (const [name, route] of Object.entries(routes)) {
      const area = areaOfRoute[name] as AreaName;
      expect((areas[area] as Record<string, unknown>)[name], name).toBe(route);
    }
  });

  test("an area's generated entry imports each of its routes' modules lazily, under the route key (a GET route also under API Gateway's `ANY` key)", () => {
    const source = entrySource({ area: 'user' });
    for (const route of Object.values(areas.user)) {
      const loader = new RegExp(`const (r\\d+) = \\(\\) => import\\("[^"]*/${route.handler}"\\);`).exec(source)?.[1];
      expect(loader, route.name).toBeDefined();
      expect(source).toContain(`${JSON.stringify(`${route.method} ${route.path}`)}: ${loader},`);
      if (route.method === 'GET') expect(source).toContain(`${JSON.stringify(`ANY ${route.path}`)}: ${loader},`);
    }
    expect(source).not.toContain('/api/auth');
    // Nothing but the dispatcher is imported statically.
    expect(source.match(/^import /gm)).toHaveLength(1);
  });

  test('routes on a function URL are left out of their area and matched by path in the URL entry', () => {
    const wallet = entrySource({ area: 'wallet' });
    const urls = functionUrlRoutes();
    expect(Object.keys(urls)).toEqual(['wallet-links']);
    for (const route of urls['wallet-links']!) {
      expect(wallet).not.toContain(route.handler);
      expect(entrySource({ url: 'wallet-links' })).toContain(`path: ${JSON.stringify(route.path)}`);
    }
  });
});
