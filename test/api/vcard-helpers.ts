import { expect } from 'vitest';
import { uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';
import { vcardCompanyBody, vcardPersonBody } from './route-fixtures-vcard.ts';

// Helpers of the legacy vcard API tests (vcard.crud / vcard.delete), bound to the file's server.

export function vcardHelpers(s: TestServer) {
  async function newCompany(extra: Partial<BodyOf<'vcardCompanyCreate'>> & Record<string, unknown> = {}) {
    const res = await s.call('vcardCompanyCreate', { token: await s.adminToken(), body: vcardCompanyBody(uniqueName('M'), extra) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; org: string; version: number };
  }
  async function newPerson(companyId: string, extra: Partial<BodyOf<'vcardPersonCreate'>> & Record<string, unknown> = {}) {
    const res = await s.call('vcardPersonCreate', { token: await s.adminToken(), body: vcardPersonBody(companyId, uniqueName('P'), extra) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { id: string; version: number; lastname: string };
  }
  return { newCompany, newPerson };
}
