import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { clearRecordedInvalidations, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { useTestServer } from '../helpers/server.ts';
import { ALL_CARDS_PATH } from '../../functions/domain/cards/invalidate-cards.ts';
import { uploadImage } from '../helpers/card-fixtures.ts';
import { createTenant } from './cards.helpers.ts';
import type { CardTenant } from './cards.helpers.ts';

// Every change that alters what a card shows invalidates the card's cached answers exactly once
// (one invalidate() call by the card-changed job, which the invalidation job turns into one
// CloudFront invalidation); changes that alter nothing a card shows invalidate nothing.

const s = useTestServer();

const pathsOf = (id: string) => [`/api/card/${id}`, `/api/card/${id}/vcard`];

/** What the card-changed job has asked the CDN to drop once it has handled every change so far (requests ask for nothing themselves). */
async function invalidated() {
  await s.cardChanges.drain();
  return recordedInvalidations();
}

describe('CDN invalidation of public cards', () => {
  let t: CardTenant;
  beforeAll(async () => {
    t = await createTenant(s);
  });
  beforeEach(() => clearRecordedInvalidations());

  it('creating a card invalidates nothing (nothing of it can be cached yet)', async () => {
    await t.createCard();
    expect(await invalidated()).toEqual([]);
  });

  it('a card edit: one invalidation of its JSON and vCard, and the next load shows the change', async () => {
    const card = await t.createCard();
    expect((await s.call('cardGet', { params: { id: card.id } })).body.person.position).toBeUndefined();
    clearRecordedInvalidations();
    await t.updateCard(card.id, { position: 'Vertrieb' });
    expect(await invalidated()).toEqual([pathsOf(card.id)]);
    expect((await s.call('cardGet', { params: { id: card.id } })).body.person.position).toBe('Vertrieb');
  });

  it('a replaced image (a new file name with the card edit): one invalidation', async () => {
    const card = await t.createCard({ image: await uploadImage(s, t.user.token, t.company.id) });
    const next = await uploadImage(s, t.user.token, t.company.id);
    clearRecordedInvalidations();
    await t.updateCard(card.id, { image: next });
    expect(await invalidated()).toEqual([pathsOf(card.id)]);
  });

  it('deactivation and activation: one invalidation each', async () => {
    const card = await t.createCard();
    clearRecordedInvalidations();
    await t.updateCard(card.id, { isActive: false });
    expect(await invalidated()).toEqual([pathsOf(card.id)]);
    expect((await s.call('cardGet', { params: { id: card.id } })).status).toBe(404);
    clearRecordedInvalidations();
    await t.updateCard(card.id, { isActive: true });
    expect(await invalidated()).toEqual([pathsOf(card.id)]);
    expect((await s.call('cardGet', { params: { id: card.id } })).status).toBe(200);
  });

  it('a card delete: one invalidation', async () => {
    const card = await t.createCard();
    clearRecordedInvalidations();
    const res = await s.call('personDelete', { params: { id: card.id }, token: t.user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await invalidated()).toEqual([pathsOf(card.id)]);
  });

  it('a profile edit: one invalidation holding every card of that profile and no other', async () => {
    const other = await createTenant(s);
    const a = await other.createCard();
    const b = await other.createCard({ firstname: 'Anna' });
    const elsewhere = await t.createCard();
    clearRecordedInvalidations();
    const res = await other.updateProfile({ claim: 'Neuer Claim' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const calls = await invalidated();
    expect(calls).toHaveLength(1);
    expect([...calls[0]!].sort()).toEqual([...pathsOf(a.id), ...pathsOf(b.id)].sort());
    expect(calls[0]).not.toContain(`/api/card/${elsewhere.id}`);
    expect((await s.call('cardGet', { params: { id: a.id } })).body.profile.claim).toBe('Neuer Claim');
  });

  it('a company org change: one invalidation of all its cards; a change of nothing shown: none', async () => {
    const other = await createTenant(s);
    const a = await other.createCard();
    clearRecordedInvalidations();
    const admin = await s.adminToken();
    const same = await s.call('companyUpdate', { params: { id: other.company.id }, token: admin, body: { org: other.company.org } });
    expect(same.status, JSON.stringify(same.body)).toBe(200);
    expect(await invalidated()).toEqual([]);
    const res = await s.call('companyUpdate', { params: { id: other.company.id }, token: admin, body: { org: `${other.company.org} neu` } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await invalidated()).toEqual([pathsOf(a.id)]);
    expect((await s.call('cardGet', { params: { id: a.id } })).body.org).toBe(`${other.company.org} neu`);
  });

  it('a company delete invalidates its cards (all cards at once: their ids are deleted before the job runs)', async () => {
    const other = await createTenant(s);
    const a = await other.createCard();
    clearRecordedInvalidations();
    const res = await s.call('companyDelete', { params: { id: other.company.id }, token: await s.adminToken() });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await invalidated()).toContainEqual([ALL_CARDS_PATH]);
    expect((await s.call('cardGet', { params: { id: a.id } })).status).toBe(404);
  });

  it('a refused change invalidates nothing', async () => {
    const card = await t.createCard();
    clearRecordedInvalidations();
    const res = await s.call('personUpdate', { params: { id: card.id }, token: t.user.token,
      body: { companyProfilId: t.profile.id, firstname: 'X', lastname: 'Y', version: 999 } });
    expect(res.status).toBe(409);
    const css = await t.updateProfile({ settings: { customCss: '@import "https://evil.example/x.css";' } });
    expect(css.status).toBe(400);
    expect(await invalidated()).toEqual([]);
  });
});
