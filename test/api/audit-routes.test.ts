import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { allRoutes, fixtureFor, send } from '../helpers/route-harness.ts';
import { createFixtureTenant, fixtureContext } from './route-fixtures.ts';
import type { FixtureContext, Tenant } from './route-fixtures.ts';
import { isAuditedWrite } from '../../functions/lib/audit-hook.ts';
import { storedAuditEntries } from '../helpers/audit.ts';

// Every signed-in write route of the table leaves an audit entry naming the route, who, and the
// object: driven by the route table, so a new write route without an entry fails here by name.

const s = useTestServer();
let c: FixtureContext;
let t: Tenant;
beforeAll(async () => {
  c = fixtureContext(s);
  t = await createFixtureTenant(c);
});

const writes = allRoutes.filter((r) => isAuditedWrite(r));

describe('audit log: an entry for every write route', () => {
  test('the table has write routes to check', () => {
    expect(writes.length).toBeGreaterThan(20);
  });

  for (const route of writes) {
    test(`${route.name}: ${route.method} ${route.path}`, async () => {
      const f = fixtureFor(route);
      const call = await f.call(c, t);
      // The own user's writes (the fixture's ownCallers routes end the caller's sessions).
      const token = f.ownCallers ? (await c.newUser()).token : await s.adminToken();
      const before = new Set((await storedAuditEntries()).map((e) => e.id));
      const res = await send(s, route, call, { token, ...(f.visitorLink ? { redirect: 'manual' as const } : {}) });
      const ok = res.status >= 200 && res.status < 300;
      const fresh = (await storedAuditEntries()).filter((e) => !before.has(e.id) && e.route === route.name);
      if (!ok) {
        // A refused write (a wallet not set up answers 503) records nothing.
        expect(fresh, `${route.name}: ${res.status} ${res.text.slice(0, 200)}`).toEqual([]);
        return;
      }
      expect(fresh.length, `${route.name} hat keinen Eintrag im Änderungsprotokoll`).toBeGreaterThan(0);
      for (const e of fresh) {
        expect(e.actorId, `${route.name}: wer`).toMatch(/.+/);
        expect(e.objectId, `${route.name}: welches Objekt`).toMatch(/.+/);
        expect(e.objectId, `${route.name}: Objekt ist nur der Routenname`).not.toBe(route.name);
        expect(Date.parse(String(e.at)), `${route.name}: wann`).toBeGreaterThan(Date.now() - 60_000);
        expect(Number(e.expiresAt) - Date.now() / 1000, `${route.name}: läuft nach zwei Jahren ab`).toBeGreaterThan(729 * 86_400);
        expect(JSON.stringify(e), `${route.name}: kein Passwort im Protokoll`).not.toMatch(/scrypt|Mond-Kiefer|passwordHash/);
      }
    });
  }
});
