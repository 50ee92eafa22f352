import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { createTenant, uploadImage } from '../helpers/card-fixtures.ts';
import { scanTable } from '../helpers/audit.ts';
import { clearRecordedInvalidations, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { ISSUER_ID, google, useWalletServer, walletHelpers } from './wallet-setup.ts';
import { expectStatisticsAndWalletCounts, filesUnder, itemsNaming, marker, text, unzip, useCardAsVisitors } from './privacy-helpers.ts';

// DSGVO (issue 27): a card holder's export (Art. 15) holds everything stored about the card, and
// the erasure (Art. 17) leaves nothing of the person anywhere: every item and file that belonged
// to the card is listed before and after.

// The card-changed job runs only when a test drains it, so a test can see what the request alone did.
const s = useWalletServer({ feed: { pollMs: 3_600_000 } });
const w = walletHelpers(s);
const { newCard } = w;


/** The card holder's ZIP as the back office downloads it. */
async function exportOf(id: string, token?: string) {
  const res = await s.call('personDataExport', { params: { id }, ...(token ? { token } : {}) });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: res.bytes };
}
const imageOf = (filename: string) => s.call('uploadGet', { params: { field: 'image', filename } });

/** A card with everything a card holder can leave: photos (one replaced), wallet pass and Google object, views and saves, an activation entry. */
async function fullCard() {
  const name = marker();
  const phone = `+49 30 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '1')}`;
  const email = `${name.toLowerCase()}@beispiel.de`;
  const c = await newCard({ lastname: name, tel: [{ type: 'work', value: phone }], email: [{ type: 'work1', value: email }] });
  const firstPhoto = await uploadImage(s, c.user.token, c.company.id);
  let version = c.person.version;
  const patch = async (extra: Record<string, unknown>) => {
    const res = await s.call('personUpdate', { params: { id: c.person.id }, token: c.user.token, body: { ...c.body, ...extra, version } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    version = res.body.version;
  };
  await patch({ image: firstPhoto });
  const photo = await uploadImage(s, c.user.token, c.company.id);
  await patch({ image: photo, position: 'Leitung' });

  // Apple Wallet device and Google object, a view and a save.
  const { deviceId, pushToken } = await useCardAsVisitors(s, w, c.person.id, c.user.token);

  // A contact a visitor left on the card, through the public form's route.
  const visitor = marker();
  const left = await s.call('contactCreate', { params: { id: c.person.id }, body: { name: visitor, email: `${visitor.toLowerCase()}@besuch.de`, consent: true } });
  expect(left.status, JSON.stringify(left.body)).toBe(200);
  return { ...c, name, phone, email, images: [firstPhoto, photo, c.imageWallet], deviceId, pushToken, visitor };
}

/** Every stored item that names the card, the person or one of the card's images. */
function itemsOf(card: Awaited<ReturnType<typeof fullCard>>) {
  return itemsNaming([card.person.id, card.name, card.email, card.phone, card.visitor, ...card.images.map((i) => i.split('.')[0]!)]);
}

describe('DSGVO export and erasure of a card holder', () => {
  // Each builds a full card (images through the pipeline, a pass, views): slow on a loaded machine.
  it('exports everything stored about the card as one ZIP (Art. 15), for the company and admins only', { timeout: 60_000 }, async () => {
    const card = await fullCard();
    const res = await exportOf(card.person.id, card.user.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.disposition).toMatch(/^attachment; filename="auskunft-.*\.zip"/);
    const files = unzip(res.bytes);
    expect(Object.keys(files).sort()).toEqual([
      'LIESMICH.txt', ...card.images.map((i) => `bilder/${i}`).sort(), 'kontakte.json', 'protokoll.csv', 'statistik.csv', 'statistik.json', 'visitenkarte.json', 'visitenkarte.vcf', 'wallet.json',
    ].sort());

    const json = JSON.parse(files['visitenkarte.json']!.toString('utf8'));
    expect(json.card).toMatchObject({ id: card.person.id, firstname: 'Jürgen', lastname: card.name, position: 'Leitung', image: card.images[1], imageWallet: card.imageWallet });
    expect(json.card.tel).toEqual([{ type: 'work', value: card.phone }]);
    expect(json.card.pastImages).toEqual([card.images[0]]);
    expect(json.company).toEqual({ id: card.company.id, org: card.company.org });
    expect(json.card.pk).toBeUndefined();

    // The vCard read back by ical.js.
    const vcard = new ICAL.Component(ICAL.parse(files['visitenkarte.vcf']!.toString('utf8')) as unknown[]);
    expect(vcard.getFirstPropertyValue('fn')).toContain(card.name);
    expect(String(vcard.getFirstPropertyValue('email'))).toBe(card.email);

    // Every image byte for byte as stored.
    for (const image of card.images) {
      const stored = await imageOf(image);
      expect(files[`bilder/${image}`]!.equals(stored.bytes), image).toBe(true);
    }

    expectStatisticsAndWalletCounts(files, card);

    const contacts = JSON.parse(files['kontakte.json']!.toString('utf8'));
    expect(contacts).toEqual([expect.objectContaining({ name: card.visitor, email: `${card.visitor.toLowerCase()}@besuch.de` })]);

    const log = files['protokoll.csv']!.toString('utf8');
    expect(log).toContain('Angelegt');
    expect(log).toContain('Geändert');
    expect(log).toContain('image');

    // Another company's user, and nobody signed in, get nothing.
    const other = await createTenant(s);
    expect((await exportOf(card.person.id, other.user.token)).status).toBe(404);
    expect((await exportOf(card.person.id)).status).toBe(401);
    expect((await exportOf(card.person.id, await s.adminToken())).status).toBe(200);

    // The export itself is in the audit log.
    const audit = await s.call('auditList', { query: { companyId: card.company.id, objectId: card.person.id }, token: card.user.token });
    expect(audit.status).toBe(200);
    expect(audit.body.items.map((e: { action: string }) => e.action)).toContain('export');
  });

  it('erases the card holder everywhere (Art. 17): items, files in every variant, wallet, CDN; an erasure record remains', { timeout: 60_000 }, async () => {
    const card = await fullCard();
    const before = await itemsOf(card);
    // What there is to erase: the card, its match entry, upload records, statistics, wallet, the credit entry naming the holder.
    const kinds = new Set(before.map((i) => String(i.type ?? String(i.pk).split('#')[0])));
    for (const kind of ['person', 'upload', 'passRegistration', 'creditEntry', 'audit', 'contact']) expect(kinds, kind).toContain(kind);
    expect(before.some((i) => String(i.pk).endsWith('#STATS'))).toBe(true);
    expect(before.some((i) => String(i.pk).startsWith('STATS#'))).toBe(true);
    expect(before.some((i) => String(i.pk).startsWith('GPASS#'))).toBe(true);
    expect(before.some((i) => String(i.pk).endsWith('#MATCH'))).toBe(true);
    const stems = card.images.map((i) => i.split('.')[0]!);
    const filesBefore = filesUnder(s.uploadsDir).filter((f) => stems.some((st) => f.startsWith(st)));
    expect(filesBefore.length).toBeGreaterThan(card.images.length * 5);

    // A wrong confirmation erases nothing.
    const wrong = await s.call('personErase', { params: { id: card.person.id }, token: card.user.token, body: { confirm: 'falsch' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.confirm).toBe('Bitte zur Bestätigung die ID der Visitenkarte eingeben.');
    expect((await itemsOf(card)).length).toBe(before.length);
    // Another company's user cannot erase it.
    const other = await createTenant(s);
    expect((await s.call('personErase', { params: { id: card.person.id }, token: other.user.token, body: { confirm: card.person.id } })).status).toBe(404);

    await s.cardChanges.drain();
    clearRecordedInvalidations();
    const res = await s.call('personErase', { params: { id: card.person.id }, token: card.user.token, body: { confirm: card.person.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The request itself sent nothing to the CDN (issue 21): the card-changed job does, from the change it recorded.
    expect(recordedInvalidations()).toEqual([]);
    expect(google.objects.get(`${ISSUER_ID}.${card.person.id}`).state).toBe('ACTIVE');
    await s.cardChanges.drain();
    expect(res.body).toMatchObject({ id: card.person.id, erasedBy: card.user.id, companyId: card.company.id });
    expect(res.body.removed).toMatchObject({ cards: 1, uploads: 3, walletRegistrations: 1, googleObjects: 1, creditEntriesAnonymised: 1, contacts: 1 });
    expect(res.body.removed.statisticsDays).toBe(before.filter((i) => String(i.pk).endsWith('#STATS')).length);

    // Nothing names the person; what names the card id is the erasure record, the audit log and the credit amounts.
    const after = await itemsOf(card);
    for (const item of after) {
      const stored = text(item);
      for (const personal of [card.name, card.email, card.phone, card.visitor, card.deviceId, card.pushToken, ...stems]) {
        expect(stored.includes(personal), `${stored.slice(0, 300)} enthält ${personal}`).toBe(false);
      }
      // cardChange: issue 21's change events of the card's earlier edits (ids only, they expire by TTL).
      expect(['erasure', 'audit', 'creditEntry', 'cardChange'], stored.slice(0, 200)).toContain(item.type);
    }
    expect((await scanTable()).some((i) => String(i.pk).endsWith('#MATCH') && text(i).includes(card.person.id))).toBe(false);
    const record = after.find((i) => i.type === 'erasure')!;
    expect(record).toMatchObject({ id: card.person.id, erasedBy: card.user.id, companyId: card.company.id });
    expect(after.find((i) => i.type === 'creditEntry')!.infotext).toBe('Aktivierung einer gelöschten Visitenkarte');

    // Every file of every image (original and all variants) is gone.
    expect(filesUnder(s.uploadsDir).filter((f) => stems.some((st) => f.startsWith(st)))).toEqual([]);
    // Google's object expired; the CDN copies of the card and every image were invalidated.
    expect(google.objects.get(`${ISSUER_ID}.${card.person.id}`).state).toBe('EXPIRED');
    const invalidated = recordedInvalidations().flat();
    expect(invalidated).toEqual(expect.arrayContaining([`/api/card/${card.person.id}`, `/api/card/${card.person.id}/vcard`, ...stems.map((st) => `/api/upload/image/${st}.*`)]));

    // Nothing of it can be fetched.
    expect((await fetch(`${s.baseUrl}/api/card/${card.person.id}`)).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/api/card/${card.person.id}/vcard`)).status).toBe(404);
    for (const image of card.images) expect((await imageOf(image)).status, image).toBe(404);
    expect((await exportOf(card.person.id, card.user.token)).status).toBe(404);
    expect((await s.call('personErase', { params: { id: card.person.id }, token: card.user.token, body: { confirm: card.person.id } })).status).toBe(404);

    // The audit log answers who erased it and when, without the person's data.
    const audit = await s.call('auditList', { query: { companyId: card.company.id, objectId: card.person.id }, token: card.user.token });
    const erase = audit.body.items.find((e: { action: string }) => e.action === 'erase');
    expect(erase).toMatchObject({ actorId: card.user.id, objectType: 'person', objectId: card.person.id, companyId: card.company.id, route: 'personErase' });
    expect(JSON.stringify(audit.body)).not.toContain(card.name);
  });
});
