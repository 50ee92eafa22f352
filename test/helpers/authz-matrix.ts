import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer, uniqueName } from './server.ts';
import { allRoutes, fixtureFor, send, shardOf } from './route-harness.ts';
import type { Sent } from './route-harness.ts';
import { createFixtureTenant, fixtureContext } from '../api/route-fixtures.ts';
import type { Call, FixtureContext, Tenant } from '../api/route-fixtures.ts';

/**
 * The authorization matrix over the route table: every route is called anonymously, by a user of
 * ANOTHER company (with this company's objects) and by the admin. Refused calls must change
 * nothing and leak nothing of the tenant. Split into shards so files run in parallel.
 */
export function runAuthzMatrix(shard: number, shards: number): void {
  const s = useTestServer();
  let c: FixtureContext;
  let t: Tenant;
  let foreign: Tenant;

  beforeAll(async () => {
    c = fixtureContext(s);
    [t, foreign] = await Promise.all([createFixtureTenant(c), createFixtureTenant(c)]);
  });

  /** What a refused call must leave untouched: the call's own objects, or the shared tenant. */
  const stateOf = async (call: Call) => {
    if (call.state) return call.state();
    return Promise.all([
      c.read('companyGet', { params: { id: t.company.id } }), c.read('profileGet', { params: { id: t.profile.id } }),
      c.read('personGet', { params: { id: t.person.id } }), c.read('userGet', { params: { id: t.user.id } }),
    ]);
  };

  const expectNoLeak = (res: Sent, label: string) => {
    for (const secret of [t.marker, t.company.id, t.profile.id, t.person.id]) {
      expect(res.text.includes(secret), `${label}: Antwort enthält Daten der fremden Firma (${secret}): ${res.text.slice(0, 300)}`).toBe(false);
    }
  };

  async function freshAdminToken(): Promise<string> {
    const username = uniqueName('admin');
    const res = await s.call('userCreate', { token: await s.adminToken(),
      body: { username, email: `${username}@beispiel.de`, firstname: 'Zweiter', lastname: 'Admin', password: 'Mond-Kiefer-Rad-315', userGroupId: 'admin' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return s.login(username, 'Mond-Kiefer-Rad-315');
  }

  describe(`authorization matrix (shard ${shard + 1}/${shards})`, () => {
    for (const route of shardOf(allRoutes, shard, shards)) {
      test(`${route.name}: ${route.method} ${route.path}`, async () => {
        const f = fixtureFor(route);
        const isPublic = route.access === 'public';

        // Anonymous.
        const anonCall = await f.call(c, t);
        const anonBefore = await stateOf(anonCall);
        const manual = f.visitorLink ? { redirect: 'manual' as const } : {};
        const anon = await send(s, route, anonCall, manual);
        const anonExpected = f.anonymous ?? (isPublic ? 200 : 401);
        expect(anon.status, `${route.name} anonym: ${anon.text.slice(0, 200)}`).toBe(anonExpected);
        if (anonExpected >= 400) {
          expect(await stateOf(anonCall), `${route.name} anonym hat Daten verändert`).toEqual(anonBefore);
          expectNoLeak(anon, `${route.name} anonym`);
        }

        // A user of another company, with this company's objects.
        const foreignToken = f.ownCallers ? (await c.newUser()).token : foreign.user.token;
        const fCall = await f.call(c, t);
        const fBefore = await stateOf(fCall);
        const fr = await send(s, route, fCall, { token: foreignToken, ...manual });
        const label = `${route.name} als Nutzer einer anderen Firma`;
        if (f.foreign === 'denied') {
          expect([403, 404], `${label}: ${fr.status} ${fr.text.slice(0, 200)}`).toContain(fr.status);
          expectNoLeak(fr, label);
          expect(await stateOf(fCall), `${label} hat Daten verändert`).toEqual(fBefore);
        } else if (f.foreign === 'filtered') {
          expect(fr.status, `${label}: ${fr.text.slice(0, 200)}`).toBe(200);
          expectNoLeak(fr, label);
        } else {
          // A public route answers everybody alike (a 503 of an unconfigured feature too).
          expect(fr.status, `${label}: ${fr.text.slice(0, 200)}`).toBe(f.anonymous ?? 200);
        }

        // The admin.
        const adminToken = f.ownCallers ? await freshAdminToken() : await s.adminToken();
        const aCall = await f.call(c, t);
        const ar = await send(s, route, aCall, { token: adminToken, ...manual });
        expect(ar.status, `${route.name} als Admin: ${ar.text.slice(0, 300)}`).toBe(f.admin ?? 200);
      });
    }
  });
}
