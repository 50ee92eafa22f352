import { expect } from 'vitest';
import { makePng } from './images.ts';
import { uniqueName } from './server.ts';
import type { TestServer } from './server.ts';

// Companies, profiles and users made through the API, as an admin would.

export async function createUserToken(s: TestServer): Promise<{ id: string; token: string; username: string; password: string }> {
  const username = uniqueName('u');
  const password = 'Tulpe-Wolke-Kiesel-42';
  const res = await s.call('userCreate', { token: await s.adminToken(),
    body: { username, email: `${username}@beispiel.de`, firstname: 'Test', lastname: 'Nutzer', password, userGroupId: 'user' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id, token: await s.login(username, password), username, password };
}

/** Credits a test company gets unless the test says otherwise: activating a card costs credits. */
export const TEST_COMPANY_CREDITS = 1000;

export async function createCompany(s: TestServer, o: { org?: string; userIds?: string[]; credits?: number } = {}): Promise<{ id: string; org: string }> {
  const res = await s.call('companyCreate', { token: await s.adminToken(),
    body: { org: o.org ?? uniqueName('Firma '), userIds: o.userIds ?? [] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const credits = o.credits ?? TEST_COMPANY_CREDITS;
  if (credits) await addCredits(s, res.body.id, credits);
  return res.body;
}

/** Books credits for a company through the admin route, as an admin would. */
export async function addCredits(s: TestServer, companyId: string, credits: number, infotext?: string): Promise<{ id: string; credits: number }> {
  const res = await s.call('creditHistoryCreate', { token: await s.adminToken(),
    body: { companyId, credits, ...(infotext ? { infotext } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export interface TestProfile {
  id: string;
  companyId: string;
  adressen: { adresseId: string }[];
}

export async function createProfile(s: TestServer, companyId: string, extra: Record<string, unknown> = {}): Promise<TestProfile> {
  const res = await s.call('profileCreate', { token: await s.adminToken(),
    body: { companyId, profilname: uniqueName('Profil '), ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function getCompany(s: TestServer, companyId: string): Promise<{ cardCountTotal: number; cardCountActive: number }> {
  const res = await s.call('companyGet', { params: { id: companyId }, token: await s.adminToken() });
  expect(res.status).toBe(200);
  return res.body;
}

export async function getProfileCardCount(s: TestServer, profileId: string): Promise<number> {
  const res = await s.call('profileGet', { params: { id: profileId }, token: await s.adminToken() });
  expect(res.status).toBe(200);
  return res.body.cardCount;
}

/** A tenant: a company with one assigned user and a profile with two addresses. */
export async function createTenant(s: TestServer, org?: string, o: { credits?: number } = {}) {
  const { user, company } = await createBareTenant(s, org, o);
  const profile = await createProfile(s, company.id, {
    adressen: [
      { straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' },
      { straße: 'Marienplatz 2', plz: '80331', ort: 'München' },
    ],
  });
  return { user, company, profile };
}

/** A company with one assigned user and no profile yet. */
export async function createBareTenant(s: TestServer, org?: string, o: { credits?: number } = {}) {
  const user = await createUserToken(s);
  const company = await createCompany(s, { ...(org ? { org } : {}), userIds: [user.id], ...o });
  return { user, company };
}

/** Uploads a small PNG for a company; answers the stored file name. */
export async function uploadImage(s: TestServer, token: string, companyId: string): Promise<string> {
  const res = await s.call('uploadCreate', { params: { id: companyId }, token, multipart: [{ name: 'image', filename: 'bild.png', contentType: 'image/png', data: makePng(271, 200) }] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.filename;
}
