import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';
import { createBareTenant, createProfile, createUserToken } from '../helpers/card-fixtures.ts';

// Tenants with a complete profile and cards as the back office makes them, for the public card
// tests (JSON, vCard, QR, invalidation).

export const VALID_CSS = '.name { color: #123456; }';

export function cardBody(profileId: string, adresseId: string, extra: Partial<BodyOf<'personCreate'>> & Record<string, unknown> = {}): BodyOf<'personCreate'> {
  return {
    companyProfilId: profileId,
    adresseId,
    firstname: 'Jürgen',
    lastname: 'Weiß',
    tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
    email: [{ type: 'work1', value: 'juergen@beispiel.de' }],
    social: [{ type: 'xing', link: 'https://www.xing.com/profile/jw' }],
    ...extra,
  };
}

export async function createTenant(s: TestServer, o: { profile?: Record<string, unknown> } = {}) {
  const { user, company } = await createBareTenant(s);
  const notesMarker = `Notiz-${randomUUID()}`;
  const profile = await createProfile(s, company.id, {
    adressen: [
      { straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' },
      { straße: 'Marienplatz 2', plz: '80331', ort: 'München' },
    ],
    notes: notesMarker,
    claim: 'Gut gemacht',
    impressum: 'https://beispiel.de/impressum',
    datenschutz: 'https://beispiel.de/datenschutz',
    settings: { customCss: VALID_CSS },
    ...o.profile,
  });
  const addressIds = profile.adressen.map((a) => a.adresseId);
  const bodies = new Map<string, BodyOf<'personUpdate'>>();

  const createCard = async (extra: Partial<BodyOf<'personCreate'>> & Record<string, unknown> = {}, profileId = profile.id): Promise<{ id: string; version: number }> => {
    const body = cardBody(profileId, addressIds[0]!, extra);
    const res = await s.call('personCreate', { token: user.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    bodies.set(res.body.id, { ...body, version: res.body.version });
    return res.body;
  };

  /** The card form's save: the whole card with the version it is based on. */
  const updateCard = async (id: string, changes: Partial<BodyOf<'personUpdate'>> & Record<string, unknown>): Promise<{ id: string; version: number }> => {
    const before = bodies.get(id);
    if (!before) throw new Error(`card ${id} was not made by this tenant`);
    const body = { ...before, ...changes };
    const res = await s.call('personUpdate', { params: { id }, token: user.token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    bodies.set(id, { ...body, version: res.body.version });
    return res.body;
  };

  /** Reads the profile and saves it with `changes`, as the profile form does. */
  const updateProfile = async (changes: Record<string, unknown>, token = user.token) => {
    const current = await s.call('profileGet', { params: { id: profile.id }, token });
    expect(current.status).toBe(200);
    const { id: _id, companyId: _c, cardCount: _n, createdAt: _a, updatedAt: _u, ...form } = current.body;
    return s.call('profileUpdate', { params: { id: profile.id }, token, body: { ...form, ...changes } });
  };

  return { user, company, profile, addressIds, notesMarker, createCard, updateCard, updateProfile };
}

export type CardTenant = Awaited<ReturnType<typeof createTenant>>;

/** A signed-in user of no company (for "another tenant" checks). */
export function createTenantUser(s: TestServer) {
  return createUserToken(s);
}
