// Issue 19 item 8 and issue 24 defect 12, on the server: an import request stops starting rows when
// its time budget is spent (here 1 ms: one row per request) and says how many are left; the legacy
// conversion checks credits before it writes anything and goes on where a request stopped.
process.env.IMPORT_TIME_BUDGET_MS = '1';

import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant, getCompany } from '../helpers/card-fixtures.ts';
import { toolsHelpers } from './tools-helpers.ts';

const s = useTestServer();
const { convert, importRows, cardsOf } = toolsHelpers(s);
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

async function legacyCompany(persons: number): Promise<string> {
  const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: `Altfirma ${Date.now()}${Math.random()}`.slice(0, 40), plz: '01067', ort: 'Dresden' } });
  expect(legacy.status).toBe(200);
  for (let i = 0; i < persons; i++) {
    expect((await s.call('vcardPersonCreate', { token: admin, body: { companyId: legacy.body.id, firstname: 'Alt', lastname: `Person ${i}` } })).status).toBe(200);
  }
  return legacy.body.id;
}

describe('time budget per request', () => {
  test('a batch answers when its time is up, with the rows left; sending them again finishes the import without duplicates', async () => {
    const t = await createTenant(s);
    const rows = 90;
    const converted = (await convert(s, ['Vorname;Nachname;E-Mail 1', ...Array.from({ length: rows }, (_, i) => `V${i};N${i};p${i}@beispiel.de`)].join('\n'))).body;
    const first = await s.call('toolsImport', { token: admin, body: { companyId: t.company.id, profileId: t.profile.id, fields: converted.fields, rows: converted.data } });
    expect(first.status).toBe(200);
    // New cards go in groups of one transaction; after the first group the time is up.
    const done = first.body.results.length;
    expect(done).toBeGreaterThan(1);
    expect(done).toBeLessThan(rows);
    expect(first.body.remaining).toBe(rows - done);
    expect(first.body.results.every((r: { status: string }) => r.status === 'created')).toBe(true);
    const stats = { requests: 0 };
    const all = await importRows(t.company.id, t.profile.id, converted, 100, stats);
    expect(stats.requests).toBeGreaterThan(1);
    expect(all.slice(0, done).every((r) => r.status === 'unchanged')).toBe(true);
    expect(all.slice(done).every((r) => r.status === 'created')).toBe(true);
    const cards = await cardsOf(t.profile.id);
    expect(cards).toHaveLength(rows);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: rows, cardCountActive: rows });
  });
});

describe('legacy conversion: credits first, then all or nothing per card', () => {
  test('not enough credits: the plan says so, the conversion writes nothing (no profile without its cards)', async () => {
    const t = await createTenant(s, undefined, { credits: 1 });
    const legacyId = await legacyCompany(60);
    const body = { vcardCompanyId: legacyId, companyId: t.company.id };
    const dry = await s.call('toolsLegacyConvert', { token: admin, body: { ...body, dryRun: true } });
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(dry.body.plan).toMatchObject({ profileExists: false, create: 60, update: 0, unchanged: 0, creditsNeeded: 60, creditsAvailable: 1 });
    expect(dry.body.results).toEqual([]);

    const refused = await s.call('toolsLegacyConvert', { token: admin, body });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Nicht genügend Credits: Die Konvertierung braucht 60 Credits für die Aktivierung der neuen Karten, vorhanden sind 1. Es wurde nichts geändert. Laden Sie Credits auf oder legen Sie die Karten inaktiv an.');
    const profiles = await s.call('profileList', { params: { companyId: t.company.id }, token: admin });
    expect(profiles.body).toHaveLength(1);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 0 });

    // Inactive cards cost nothing: the plan and the conversion go through, request after request.
    const inactive = await s.call('toolsLegacyConvert', { token: admin, body: { ...body, activate: false, dryRun: true } });
    expect(inactive.body.plan).toMatchObject({ create: 60, creditsNeeded: 0 });
    const statuses = new Map<number, string>();
    let remaining = Infinity;
    let requests = 0;
    while (remaining > 0 && requests < 10) {
      const res = await s.call('toolsLegacyConvert', { token: admin, body: { ...body, activate: false } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      requests++;
      for (const r of res.body.results) if (!statuses.has(r.line)) statuses.set(r.line, r.status);
      remaining = res.body.remaining;
    }
    // The time ran out after the first group of cards: the second request went on where it stopped.
    expect(requests).toBeGreaterThanOrEqual(2);
    expect(remaining).toBe(0);
    expect(statuses.size).toBe(60);
    expect([...statuses.values()].every((st) => st === 'created')).toBe(true);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 60, cardCountActive: 0 });
    expect((await s.call('creditGet', { params: { id: t.company.id }, token: admin })).body.credits).toBe(1);
  });
});
