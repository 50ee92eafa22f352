import { describe, expect, test } from 'vitest';
import { areas, areaOfRoute, routeList, routes } from '../../shared/api/routes.ts';
import { areaEntrySource } from '../../functions/bundle.ts';
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

  test("an area's generated entry dispatches each of its route keys to that route's handler file", () => {
    const source = areaEntrySource('user');
    for (const route of Object.values(areas.user)) expect(source).toContain(JSON.stringify(`${route.method} ${route.path}`));
    expect(source).not.toContain('/api/auth');
  });
});
