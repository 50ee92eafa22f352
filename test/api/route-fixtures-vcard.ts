// Route fixtures of the legacy vcard area (admin-only: a user of another company gets 403 on
// every route). Spread into `routeFixtures` in test/api/route-fixtures.ts.
import { expect } from 'vitest';
import type { FixtureContext, RouteFixture, Tenant } from './route-fixtures.ts';
import type { BodyOf, CallRest } from '../helpers/api-client.ts';
import type { RouteName, Routes } from '../../shared/api/routes.ts';

export const vcardCompanyBody = (marker: string, extra: Partial<BodyOf<'vcardCompanyCreate'>> & Record<string, unknown> = {}): BodyOf<'vcardCompanyCreate'> => ({
  org: `Legacy ${marker}`,
  firmenname: `Legacy Firma ${marker}`,
  straße: 'Hauptstraße 1',
  plz: '10115',
  ort: 'Berlin',
  url: 'https://legacy.example.de',
  social: [{ type: 'xing', link: 'https://www.xing.com/companies/legacy' }],
  ...extra,
});

export const vcardPersonBody = (companyId: string, marker: string, extra: Partial<BodyOf<'vcardPersonCreate'>> & Record<string, unknown> = {}): BodyOf<'vcardPersonCreate'> => ({
  companyId,
  firstname: `Vor${marker}`,
  lastname: `Nach${marker}`,
  position: 'Vertrieb',
  tel: [{ type: 'work', value: '+49 30 1234567' }],
  email: [{ type: 'work1', value: 'legacy@beispiel.de' }],
  social: [],
  ...extra,
});

const newVcardCompany = async (c: FixtureContext, t: Tenant) => {
  const res = await c.s.call('vcardCompanyCreate', { token: await c.adminToken(), body: vcardCompanyBody(t.marker) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
const newVcardPerson = async (c: FixtureContext, t: Tenant) => {
  const co = await newVcardCompany(c, t);
  const res = await c.s.call('vcardPersonCreate', { token: await c.adminToken(), body: vcardPersonBody(co.id, t.marker) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { company: co, person: res.body };
};
/** What a call changes, read back as admin (a `state` of a Call). */
const read = <N extends RouteName>(c: FixtureContext, name: N, ...rest: CallRest<Routes[N]>) => async () => c.read(name, ...rest);

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
      return { params: { id: co.id }, body: vcardCompanyBody(t.marker, { org: `Geändert ${t.marker}`, version: co.version }), state: read(c, 'vcardCompanyGet', { params: { id: co.id } }) };
    },
    foreign: 'denied',
  },
  vcardCompanyDelete: {
    call: async (c, t) => {
      const { company } = await newVcardPerson(c, t);
      return { params: { id: company.id }, state: read(c, 'vcardPersonListByCompany', { params: { companyId: company.id } }) };
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
      return { params: { id: co.id }, body: { settings: { theme: 'the-vcard-v2', person: { background: '#123456' } } }, state: read(c, 'vcardSettingsGet', { params: { id: co.id } }) };
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
        state: read(c, 'vcardPersonGet', { params: { id: person.id } }),
      };
    },
    foreign: 'denied',
  },
  vcardPersonDelete: {
    call: async (c, t) => {
      const { person } = await newVcardPerson(c, t);
      return { params: { id: person.id }, state: read(c, 'vcardPersonGet', { params: { id: person.id } }) };
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
  // Data protection (issue 27, privacy area): a legacy person's export and erasure.
  vcardPersonDataExport: {
    call: async (c, t) => ({ params: { id: (await newVcardPerson(c, t)).person.id } }),
    foreign: 'denied',
  },
  vcardPersonErase: {
    call: async (c, t) => {
      const { person } = await newVcardPerson(c, t);
      return { params: { id: person.id }, body: { confirm: person.id }, state: read(c, 'vcardPersonGet', { params: { id: person.id } }) };
    },
    foreign: 'denied',
    badInputs: async (c, t) => {
      const { person } = await newVcardPerson(c, t);
      return [{ params: { id: person.id }, body: { confirm: 'falsch' } }];
    },
  },
  vcardStatistic: {
    call: async (c, t) => ({ params: { id: (await newVcardPerson(c, t)).person.id } }),
    foreign: 'denied',
  },
};
