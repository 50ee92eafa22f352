import { expect } from 'vitest';
import { makePng } from './images.ts';
import { uniqueName } from './server.ts';
import type { TestServer } from './server.ts';

// Companies, profiles and users made through the API, as an admin would.

export async function createUserToken(s: TestServer): Promise<{ id: string; token: string; username: string; password: string }> {
  const username = uniqueName('u');
  const password = 'passwort-123';
  const res = await s.api('POST', '/api/user', {
    token: await s.adminToken(),
    body: { username, email: `${username}@beispiel.de`, firstname: 'Test', lastname: 'Nutzer', password, userGroupId: 'user' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.id, token: await s.login(username, password), username, password };
}

export async function createCompany(s: TestServer, o: { org?: string; userIds?: string[] } = {}): Promise<{ id: string; org: string }> {
  const res = await s.api('POST', '/api/card/company', {
    token: await s.adminToken(),
    body: { org: o.org ?? uniqueName('Firma '), userIds: o.userIds ?? [] },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export interface TestProfile {
  id: string;
  companyId: string;
  adressen: { adresseId: string }[];
}

export async function createProfile(s: TestServer, companyId: string, extra: Record<string, unknown> = {}): Promise<TestProfile> {
  const res = await s.api('POST', '/api/card/company/profil', {
    token: await s.adminToken(),
    body: { companyId, profilname: uniqueName('Profil '), ...extra },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

export async function getCompany(s: TestServer, companyId: string): Promise<{ cardCountTotal: number; cardCountActive: number }> {
  const res = await s.api('GET', `/api/card/company/${companyId}`, { token: await s.adminToken() });
  expect(res.status).toBe(200);
  return res.body;
}

export async function getProfileCardCount(s: TestServer, profileId: string): Promise<number> {
  const res = await s.api('GET', `/api/card/company/profil/${profileId}`, { token: await s.adminToken() });
  expect(res.status).toBe(200);
  return res.body.cardCount;
}

/** A tenant: a company with one assigned user and a profile with two addresses. */
export async function createTenant(s: TestServer, org?: string) {
  const { user, company } = await createBareTenant(s, org);
  const profile = await createProfile(s, company.id, {
    adressen: [
      { straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' },
      { straße: 'Marienplatz 2', plz: '80331', ort: 'München' },
    ],
  });
  return { user, company, profile };
}

/** A company with one assigned user and no profile yet. */
export async function createBareTenant(s: TestServer, org?: string) {
  const user = await createUserToken(s);
  const company = await createCompany(s, { ...(org ? { org } : {}), userIds: [user.id] });
  return { user, company };
}

/** Uploads a small PNG for a company; answers the stored file name. */
export async function uploadImage(s: TestServer, token: string, companyId: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(makePng(271, 200))], { type: 'image/png' }), 'bild.png');
  const res = await fetch(`${s.baseUrl}/api/upload/${companyId}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { filename?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.filename!;
}
