// Route fixtures of the admin import tools (a user of another company gets 403 on every route).
// Spread into `routeFixtures` in test/api/route-fixtures.ts.
import { expect } from 'vitest';
import type { FixtureContext, RouteFixture, Tenant } from './route-fixtures.ts';
import { vcardCompanyBody, vcardPersonBody } from './route-fixtures-vcard.ts';

const row = (t: Tenant) => ({ line: 2, firstname: `Import${t.marker}`, lastname: `Nach${t.marker}`, email: [{ type: 'work1', value: 'import@beispiel.de' }] });

/** A legacy company with one person, as the admin makes them. */
async function legacyCompany(c: FixtureContext, t: Tenant): Promise<{ id: string }> {
  const co = await c.s.call('vcardCompanyCreate', { token: await c.adminToken(), body: vcardCompanyBody(t.marker) });
  expect(co.status, JSON.stringify(co.body)).toBe(200);
  const person = await c.s.call('vcardPersonCreate', { token: await c.adminToken(), body: vcardPersonBody(co.body.id, t.marker) });
  expect(person.status, JSON.stringify(person.body)).toBe(200);
  return co.body;
}

export const toolsRouteFixtures: Record<string, RouteFixture> = {
  toolsTemplate: { call: () => ({ query: { format: 'xlsx' } }), foreign: 'denied' },
  convertCsvToJson: {
    call: (_c, t) => ({
      multipart: [{ name: 'file', filename: 'mitarbeiter.csv', contentType: 'text/csv', data: `Vorname;Nachname;E-Mail 1\r\nVor${t.marker};Nach${t.marker};a@beispiel.de\r\n` }],
    }),
    foreign: 'denied',
    badInputs: () => [
      { multipart: [{ name: 'file', filename: 'leer.csv', contentType: 'text/csv', data: '' }] },
      { multipart: [{ name: 'datei', filename: 'x.csv', contentType: 'text/csv', data: 'Vorname;Nachname\r\nA;B\r\n' }] },
      { multipart: [{ name: 'file', filename: 'bild.png', contentType: 'image/png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) }] },
      { multipart: [{ name: 'file', filename: 'ohne-kopf.csv', contentType: 'text/csv', data: 'Anna;Beispiel\r\n' }] },
    ],
  },
  toolsImport: {
    call: async (c, t) => {
      const profile = await c.newProfile(t);
      return {
        body: { companyId: t.company.id, profileId: profile.id, fields: ['firstname', 'lastname', 'email.work1'], rows: [row(t)] },
        state: () => c.read('personListByProfile', { params: { profileId: profile.id } }),
      };
    },
    foreign: 'denied',
    badInputs: (_c, t) => [
      { body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname'], rows: [] } },
      { body: { companyId: t.company.id, profileId: t.profile.id, fields: ['vorname'], rows: [row(t)] } },
      { body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname'], rows: Array.from({ length: 101 }, () => row(t)) } },
      { body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname'], rows: [{ ...row(t), line: 0 }] } },
    ],
  },
  toolsLegacyConvert: {
    call: async (c, t) => {
      const legacy = await legacyCompany(c, t);
      const company = await c.newCompany(t);
      return {
        body: { vcardCompanyId: legacy.id, companyId: company.id },
        state: () => c.read('profileList', { params: { companyId: company.id } }),
      };
    },
    foreign: 'denied',
  },
};
