import { beforeAll, describe, expect, it } from 'vitest';
import { capacityLog } from '../../functions/lib/db.ts';
import { cdnCached } from '../../functions/lib/http.ts';
import { msg } from '../../shared/messages.ts';
import { useTestServer } from '../helpers/server.ts';
import { createTenant, createTenantUser } from './cards.helpers.ts';
import type { CardTenant } from './cards.helpers.ts';

// The public card `GET /api/card/{id}`: what it shows (and what not), 404s, CDN cache headers
// with ETag/304, and that a view reads three items and writes nothing.

process.env.TRACK_CAPACITY = '1';

const s = useTestServer();

describe('GET /api/card/{id}', () => {
  let t: CardTenant;
  beforeAll(async () => {
    t = await createTenant(s);
  });

  it('answers exactly the public card: nothing private, only the card’s own address', async () => {
    const card = await t.createCard({ nice: 'Dr.', position: 'Geschäftsführer', firmenname: 'Weiß & Söhne' });
    const res = await s.call('cardGet', { params: { id: card.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(Object.keys(body).sort()).toEqual(['contactExchange', 'id', 'lang', 'org', 'person', 'profile']);
    expect(body).toMatchObject({ id: card.id, lang: 'de', org: t.company.org });
    expect(Object.keys(body.person).sort()).toEqual(
      ['adresseId', 'email', 'firmenname', 'firstname', 'lastname', 'nice', 'position', 'social', 'tel'],
    );
    expect(body.person).toMatchObject({ firstname: 'Jürgen', lastname: 'Weiß', firmenname: 'Weiß & Söhne' });
    // `social`: the company's networks, shown where the holder has none (issue 24).
    expect(Object.keys(body.profile).sort()).toEqual(['adressen', 'claim', 'datenschutz', 'impressum', 'settings', 'social']);
    expect(body.profile.adressen).toEqual([
      { adresseId: t.addressIds[0], straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' },
    ]);
    const text = JSON.stringify(body);
    // Notes, the other address, ids of company, profile and users, counters and versions stay private.
    for (const secret of [t.notesMarker, 'Marienplatz', t.company.id, t.profile.id, t.user.id, 'version', 'cardCount', 'createdOn', 'isActive', 'companyId', 'profilname']) {
      expect(text).not.toContain(secret);
    }
    expect(body.profile.settings.customCss).toBe('.vk-card-root .name { color: #123456; }');
  });

  it('answers 404 "Karte nicht gefunden" for an unknown and for an inactive card, not cached', async () => {
    const unknown = await s.call('cardGet', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Karte nicht gefunden');
    expect(unknown.body.message).toBe(msg.card.notFound);
    expect(unknown.headers.get('cache-control')).toBe('no-store');

    const inactive = await t.createCard({ isActive: false });
    const res = await s.call('cardGet', { params: { id: inactive.id } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Karte nicht gefunden');
    const vcard = await s.call('cardVcard', { params: { id: inactive.id } });
    expect(vcard.status).toBe(404);
  });

  it('carries CDN cache headers and an ETag; a matching If-None-Match gets a 304 without body', async () => {
    const card = await t.createCard();
    const first = await s.call('cardGet', { params: { id: card.id } });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=31536000');
    expect(first.headers.get('cache-control')).toBe(cdnCached.cacheControl);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);

    const again = await s.call('cardGet', { params: { id: card.id }, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers.get('etag')).toBe(etag);
    const weak = await s.call('cardGet', { params: { id: card.id }, headers: { 'if-none-match': `"other", W/${etag}` } });
    expect(weak.status).toBe(304);

    // After a change the old ETag no longer matches.
    await t.updateCard(card.id, { position: 'Neue Position' });
    const changed = await s.call('cardGet', { params: { id: card.id }, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(changed.body.person.position).toBe('Neue Position');
  });

  it('reads no token and writes nothing: one GetItem and one BatchGetItem per view', async () => {
    const card = await t.createCard();
    // The card-changed job runs in this process too: its writes for the new card must not land in the log below.
    await s.cardChanges.drain();
    capacityLog.length = 0;
    // A broken token is not even looked at on the public route.
    const res = await s.call('cardGet', { params: { id: card.id }, headers: { authorization: 'Bearer kaputt' } });
    expect(res.status).toBe(200);
    const ops = capacityLog.map((c) => c.operation);
    expect(ops).toEqual(['GetItemCommand', 'BatchGetItemCommand']);
    const units = capacityLog.reduce((sum, c) => sum + c.capacityUnits, 0);
    // Eventually consistent reads of three small items.
    expect(units).toBeGreaterThan(0);
    expect(units).toBeLessThanOrEqual(3);

    capacityLog.length = 0;
    await s.call('cardVcard', { params: { id: card.id } });
    await s.call('cardGet', { params: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(capacityLog.map((c) => c.operation).every((op) => /^(Get|BatchGet)Item/.test(op))).toBe(true);
    expect(capacityLog.length).toBeGreaterThan(0);
  });

  it('is 404 once the company is being deleted or gone', async () => {
    const other = await createTenant(s);
    const card = await other.createCard();
    expect((await s.call('cardGet', { params: { id: card.id } })).status).toBe(200);
    const del = await s.call('companyDelete', { params: { id: other.company.id }, token: await s.adminToken() });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    expect((await s.call('cardGet', { params: { id: card.id } })).status).toBe(404);
  });

  it('answers the company language', async () => {
    const en = await createTenant(s);
    const res = await s.call('companyUpdate', { params: { id: en.company.id }, token: await s.adminToken(), body: { org: en.company.org, lang: 'en' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = await en.createCard();
    expect((await s.call('cardGet', { params: { id: card.id } })).body.lang).toBe('en');
  });

  it('needs no sign-in but the QR route does', async () => {
    const card = await t.createCard();
    const user = await createTenantUser(s);
    expect((await s.call('cardQr', { params: { id: card.id } })).status).toBe(401);
    expect((await s.call('cardQr', { params: { id: card.id }, token: user.token })).status).toBe(404);
  });
});
