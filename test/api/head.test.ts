import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { allRoutes, fixtureFor, send } from '../helpers/route-harness.ts';
import { createFixtureTenant, fixtureContext } from '../api/route-fixtures.ts';
import type { FixtureContext, Tenant } from '../api/route-fixtures.ts';

// HEAD on every GET route of the table (issue 23; before: 405): the same status and headers as
// GET, no body. In AWS every GET route has a HEAD twin (test/infra/stack.test.ts).

const s = useTestServer();
let c: FixtureContext;
let t: Tenant;
let admin: string;

beforeAll(async () => {
  c = fixtureContext(s);
  t = await createFixtureTenant(c);
  admin = await s.adminToken();
});

describe('HEAD', () => {
  for (const route of allRoutes.filter((r) => r.method === 'GET')) {
    test(`${route.name}: HEAD ${route.path} answers like GET, without a body`, async () => {
      const call = await fixtureFor(route).call(c, t);
      const get = await send(s, route, call, { token: admin, redirect: 'manual' });
      const head = await send(s, route, call, { token: admin, redirect: 'manual', method: 'HEAD' });
      expect(head.status, `${route.name}: GET ${get.status}, HEAD ${head.status}`).toBe(get.status);
      expect(head.status).not.toBe(405);
      expect(head.text).toBe('');
      expect(head.contentType).toBe(get.contentType);
      expect(head.headers.get('cache-control')).toBe(get.headers.get('cache-control'));
      if (get.headers.get('etag')) expect(head.headers.get('etag')).toBe(get.headers.get('etag'));
    });
  }
});

test('a method the route does not have is still 405', async () => {
  const res = await fetch(`${s.baseUrl}/api/health`, { method: 'PUT' });
  expect(res.status).toBe(405);
});
