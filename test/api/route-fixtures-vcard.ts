// Route fixtures of the legacy vcard area (admin-only: a user of another company gets 403 on
// every route). Spread into `routeFixtures` in test/api/route-fixtures.ts.
import { expect } from 'vitest';
import type { FixtureContext, RouteFixture, Tenant } from './route-fixtures.ts';

export const vcardCompanyBody = (marker: string, extra: Record<string, unknown> = {}) => ({
  org: `Legacy ${marker}`,
  firmenname: `Legacy Firma ${marker}`,
  straße: 'Hauptstraße 1',
  plz: '10115',
  ort: 'Berlin',
  url: 'https://legacy.example.de',
  social: [{ type: 'xing', link: 'https://www.xing.com/companies/legacy' }],
  ...extra,
});

export const vcardPersonBody = (companyId: string, marker: string, extra: Record<string, unknown> = {}) => ({
  companyId,
  firstname: `Vor${marker}`,
  lastname: `Nach${marker}`,
  position: 'Vertrieb',
  tel: [{ type: 'work', value: '+49 30 1234567' }],
  email: [{ type: 'work1', value: 'legacy@beispiel.de' }],
  social: [],
  ...extra,
});

async function post(c: FixtureContext, path: string, body: unknown): Promise<{ id: string; version: number }> {
  const res = await c.s.api('POST', path, { token: await c.adminToken(), body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const newVcardCompany = (c: FixtureContext, t: Tenant) => post(c, '/api/vcard/company', vcardCompanyBody(t.marker));
const newVcardPerson = async (c: FixtureContext, t: Tenant) => {
  const co = await newVcardCompany(c, t);
  const p = await post(c, '/api/vcard/person', vcardPersonBody(co.id, t.marker));
  return { company: co, person: p };
};
const read = (c: FixtureContext, path: string) => async () => c.read(path);

export const vcardRouteFixtures: Record<string, RouteFixture> = {
  vcardCompanyCreate: {
    call: (_c, t) => ({ body: vcardCompanyBody(t.marker) }),
    foreign: 'denied',
    badInputs: (_c, t) => [
      { body: vcardCompanyBody(t.marker, { plz: '123' }) },
      { body: vcardCompanyBody(t.marker, { ort: '' }) },
      { body: vcardCompanyBody(t.marker, { url: 'javascript:alert(1)' }) },
      { body: vcardCompanyBody(t.marker, { social: [{ type: 'xing', link: 'ftp://x' }] }) },
    ],
  },
  vcardCompanyList: { call: () => ({}), foreign: 'denied' },
  vcardCompanyGet: {
    call: async (c, t) => ({ params: { id: (await newVcardCompany(c, t)).id } }),
    foreign: 'denied',
  },
  vcardCompanyUpdate: {
    call: async (c, t) => {
      const co = await newVcardCompany(c, t);
      return { params: { id: co.id }, body: vcardCompanyBody(t.marker, { org: `Geändert ${t.marker}`, version: co.version }), state: read(c, `/api/vcard/company/${co.id}`) };
    },
    foreign: 'denied',
  },
  vcardCompanyDelete: {
    call: async (c, t) => {
      const { company } = await newVcardPerson(c, t);
      return { params: { id: company.id }, state: read(c, `/api/vcard/person/company/${company.id}`) };
    },
    foreign: 'denied',
  },
  vcardSettingsGet: {
    call: async (c, t) => ({ params: { id: (await newVcardCompany(c, t)).id } }),
    foreign: 'denied',
  },
  vcardSettingsUpdate: {
    call: async (c, t) => {
      const co = await newVcardCompany(c, t);
      return { params: { id: co.id }, body: { settings: { theme: 'the-vcard-v2', person: { background: '#123456' } } }, state: read(c, `/api/vcard/company/settings/${co.id}`) };
    },
    foreign: 'denied',
    badInputs: async (c, t) => {
      const co = await newVcardCompany(c, t);
      return [
        { params: { id: co.id }, body: { settings: { customCss: '.a { color: red; } </style><script>alert(1)</script>' } } },
        { params: { id: co.id }, body: { settings: { customCss: '@import url(https://evil.example/x.css);' } } },
        { params: { id: co.id }, body: { settings: { logo: { color: 'rot' } } } },
      ];
    },
  },
  vcardPersonCreate: {
    call: async (c, t) => ({ body: vcardPersonBody((await newVcardCompany(c, t)).id, t.marker) }),
    foreign: 'denied',
  },
  vcardPersonList: { call: () => ({}), foreign: 'denied' },
  vcardPersonGet: {
    call: async (c, t) => ({ params: { id: (await newVcardPerson(c, t)).person.id } }),
    foreign: 'denied',
  },
  vcardPersonUpdate: {
    call: async (c, t) => {
      const { company, person } = await newVcardPerson(c, t);
      // companyId does not change on update, so the body leaves it out.
      const { companyId: _unchanged, ...body } = vcardPersonBody(company.id, t.marker, { lastname: 'Geändert' });
      return {
        params: { id: person.id },
        body: { ...body, version: person.version },
        state: read(c, `/api/vcard/person/${person.id}`),
      };
    },
    foreign: 'denied',
  },
  vcardPersonDelete: {
    call: async (c, t) => {
      const { person } = await newVcardPerson(c, t);
      return { params: { id: person.id }, state: read(c, `/api/vcard/person/${person.id}`) };
    },
    foreign: 'denied',
  },
  vcardPersonListByCompany: {
    call: async (c, t) => ({ params: { companyId: (await newVcardPerson(c, t)).company.id } }),
    foreign: 'denied',
  },
  vcardCard: {
    call: async (c, t) => ({ params: { id: (await newVcardPerson(c, t)).person.id } }),
    foreign: 'denied',
  },
  vcardStatistic: {
    call: async (c, t) => ({ params: { id: (await newVcardPerson(c, t)).person.id } }),
    foreign: 'denied',
  },
};
