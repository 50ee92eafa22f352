import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { createTenant, uploadImage } from '../helpers/card-fixtures.ts';
import { clearRecordedInvalidations, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { ISSUER_ID, google, useWalletServer, walletHelpers } from './wallet-setup.ts';
import { expectStatisticsAndWalletCounts, filesUnder, itemsNaming, marker, text, unzip, useCardAsVisitors } from './privacy-helpers.ts';
import { vcardCompanyBody, vcardPersonBody } from './route-fixtures-vcard.ts';

// DSGVO (issue 27) for legacy persons (the admin-only vcard area): the same export (Art. 15) and
// erasure (Art. 17) as for V2 cards, through the same code; every item and file that belonged to
// the person is listed before and after. Their uploads, statistics rollup and counter belong to
// the legacy company.

// The card-changed job runs only when a test drains it, so a test can see what the request alone did.
const s = useWalletServer({ feed: { pollMs: 3_600_000 } });
const w = walletHelpers(s);
const { sign, publicPass } = w;


const exportOf = async (id: string, token?: string) => {
  const res = await s.call('vcardPersonDataExport', { params: { id }, ...(token ? { token } : {}) });
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), bytes: res.bytes };
};
const imageOf = (filename: string) => s.call('uploadGet', { params: { field: 'image', filename } });

/** A legacy person with everything one can leave: photos (one replaced), a wallet pass and a Google object, a view and a save. */
async function fullLegacyCard() {
  const admin = await s.adminToken();
  const company = await s.call('vcardCompanyCreate', { token: admin, body: vcardCompanyBody(marker()) });
  expect(company.status, JSON.stringify(company.body)).toBe(200);
  const companyId = company.body.id as string;
  const name = marker();
  const phone = `+49 30 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '1')}`;
  const email = `${name.toLowerCase()}@beispiel.de`;
  const [firstPhoto, imageWallet] = [await uploadImage(s, admin, companyId), await uploadImage(s, admin, companyId)];
  const body = vcardPersonBody(companyId, marker(), { lastname: name, tel: [{ type: 'work', value: phone }], email: [{ type: 'work1', value: email }], image: firstPhoto, imageWallet });
  const created = await s.call('vcardPersonCreate', { token: admin, body });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const id = created.body.id as string;
  const photo = await uploadImage(s, admin, companyId);
  const { companyId: _fixed, ...content } = body;
  const updated = await s.call('vcardPersonUpdate', { params: { id }, token: admin, body: { ...content, image: photo, position: 'Leitung', version: created.body.version } });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);

  // The legacy card's pass through its signed link, a Google object, a view and a save (old QR codes point at /c/<id>).
  const { deviceId, pushToken } = await useCardAsVisitors(s, w, id, admin);
  return { admin, id, companyId, org: company.body.org as string, name, phone, email, firstname: body.firstname, images: [firstPhoto, photo, imageWallet], deviceId, pushToken };
}

function itemsOf(card: Awaited<ReturnType<typeof fullLegacyCard>>) {
  return itemsNaming([card.id, card.name, card.firstname, card.email, card.phone, ...card.images.map((i) => i.split('.')[0]!)]);
}

describe('DSGVO export and erasure of a legacy person (admins only)', () => {
  it('exports everything stored about the legacy person as one ZIP (Art. 15)', { timeout: 60_000 }, async () => {
    const card = await fullLegacyCard();
    const res = await exportOf(card.id, card.admin);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    expect(res.disposition).toMatch(/^attachment; filename="auskunft-.*\.zip"/);
    const files = unzip(res.bytes);
    expect(Object.keys(files).sort()).toEqual([
      'LIESMICH.txt', ...card.images.map((i) => `bilder/${i}`), 'protokoll.csv', 'statistik.csv', 'statistik.json', 'visitenkarte.json', 'visitenkarte.vcf', 'wallet.json',
    ].sort());

    // The person as stored, without table keys, with its legacy company's name.
    const json = JSON.parse(files['visitenkarte.json']!.toString('utf8'));
    expect(json.card).toMatchObject({ id: card.id, companyId: card.companyId, lastname: card.name, position: 'Leitung', image: card.images[1], imageWallet: card.images[2] });
    expect(json.card.tel).toEqual([{ type: 'work', value: card.phone }]);
    expect(json.card.pastImages).toEqual([card.images[0]]);
    expect(json.card.pk).toBeUndefined();
    expect(json.card.gsi2pk).toBeUndefined();
    expect(json.company).toMatchObject({ id: card.companyId, org: card.org });

    // The vCard as old QR codes serve it, read back by ical.js.
    const vcard = new ICAL.Component(ICAL.parse(files['visitenkarte.vcf']!.toString('utf8')) as unknown[]);
    expect(vcard.getFirstPropertyValue('fn')).toContain(card.name);
    expect(String(vcard.getFirstPropertyValue('email'))).toBe(card.email);
    expect(String(vcard.getFirstPropertyValue('title'))).toBe('Leitung');

    for (const image of card.images) expect(files[`bilder/${image}`]!.equals((await imageOf(image)).bytes), image).toBe(true);

    // Counted under the legacy company, exported with the person.
    expectStatisticsAndWalletCounts(files, card);

    // The audit entries of the person: created and changed by the admin.
    const log = files['protokoll.csv']!.toString('utf8');
    expect(log).toContain('Angelegt');
    expect(log).toContain('Geändert');
    expect(log).toContain('Legacy-Person');

    // Only admins: a company user is refused, nobody signed in too; an unknown id is a 404.
    const user = (await createTenant(s)).user.token;
    expect((await exportOf(card.id, user)).status).toBe(403);
    expect((await exportOf(card.id)).status).toBe(401);
    expect((await exportOf(`${card.id.slice(0, -4)}0000`, card.admin)).status).toBe(404);

    const audit = await s.call('auditList', { query: { objectId: card.id }, token: card.admin });
    expect(audit.body.items).toContainEqual(expect.objectContaining({ action: 'export', objectType: 'vcardPerson', objectId: card.id, companyId: card.companyId, route: 'vcardPersonDataExport' }));
  });

  it('erases the legacy person everywhere (Art. 17): item and counter, files in every variant, statistics, wallet, CDN; an erasure record remains', { timeout: 60_000 }, async () => {
    const card = await fullLegacyCard();
    const before = await itemsOf(card);
    const kinds = new Set(before.map((i) => String(i.type ?? String(i.pk).split('#')[0])));
    for (const kind of ['vcardPerson', 'upload', 'passRegistration', 'audit']) expect(kinds, kind).toContain(kind);
    expect(before.some((i) => i.pk === `PERSON#${card.id}#STATS`)).toBe(true);
    // The rollup is filed under the legacy company.
    expect(before.some((i) => i.pk === `STATS#${card.companyId}` && i.sk === card.id)).toBe(true);
    expect(before.some((i) => String(i.pk).startsWith('GPASS#'))).toBe(true);
    const stems = card.images.map((i) => i.split('.')[0]!);
    const filesBefore = filesUnder(s.uploadsDir).filter((f) => stems.some((st) => f.startsWith(st)));
    expect(filesBefore.length).toBeGreaterThan(card.images.length * 5);
    const company = async () => (await s.call('vcardCompanyGet', { params: { id: card.companyId }, token: card.admin })).body;
    expect((await company()).personCount).toBe(1);

    // A wrong confirmation erases nothing (same message as for V2 cards); a company user cannot erase.
    const wrong = await s.call('vcardPersonErase', { params: { id: card.id }, token: card.admin, body: { confirm: 'falsch' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors.confirm).toBe('Bitte zur Bestätigung die ID der Visitenkarte eingeben.');
    const user = (await createTenant(s)).user.token;
    expect((await s.call('vcardPersonErase', { params: { id: card.id }, token: user, body: { confirm: card.id } })).status).toBe(403);
    expect((await itemsOf(card)).map(text).sort()).toEqual(before.map(text).sort());
    expect(filesUnder(s.uploadsDir).filter((f) => stems.some((st) => f.startsWith(st))).length).toBe(filesBefore.length);

    await s.cardChanges.drain();
    clearRecordedInvalidations();
    const res = await s.call('vcardPersonErase', { params: { id: card.id }, token: card.admin, body: { confirm: card.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The request itself sent nothing to the CDN or Google: the card-changed job does, from the change it recorded.
    expect(recordedInvalidations()).toEqual([]);
    expect(google.objects.get(`${ISSUER_ID}.${card.id}`).state).toBe('ACTIVE');
    await s.cardChanges.drain();
    const adminId = (await s.call('authSession', { token: card.admin })).body.id;
    expect(res.body).toMatchObject({ id: card.id, erasedBy: adminId, companyId: card.companyId });
    expect(res.body.removed).toMatchObject({ cards: 1, uploads: 3, walletRegistrations: 1, googleObjects: 1, contacts: 0 });
    expect(res.body.removed.statisticsDays).toBeGreaterThanOrEqual(1);

    // Nothing names the person; what names the id is the erasure record, the audit log and the (ids-only) card changes.
    const after = await itemsOf(card);
    for (const item of after) {
      const stored = text(item);
      for (const personal of [card.name, card.firstname, card.email, card.phone, card.deviceId, card.pushToken, ...stems]) {
        expect(stored.includes(personal), `${stored.slice(0, 300)} enthält ${personal}`).toBe(false);
      }
      expect(['erasure', 'audit', 'cardChange'], stored.slice(0, 200)).toContain(item.type);
    }
    expect(after.find((i) => i.type === 'erasure')).toMatchObject({ id: card.id, erasedBy: adminId, companyId: card.companyId, legacy: true });
    // The legacy company stays, without the person in its count.
    expect((await company()).personCount).toBe(0);

    expect(filesUnder(s.uploadsDir).filter((f) => stems.some((st) => f.startsWith(st)))).toEqual([]);
    expect(google.objects.get(`${ISSUER_ID}.${card.id}`).state).toBe('EXPIRED');
    expect(recordedInvalidations().flat()).toEqual(expect.arrayContaining([`/api/card/${card.id}`, `/api/card/${card.id}/vcard`, `/c/${card.id}`, ...stems.map((st) => `/api/upload/image/${st}.*`)]));

    // Nothing of it can be fetched, in the legacy area or publicly.
    expect((await fetch(`${s.baseUrl}/api/card/${card.id}`)).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/api/card/${card.id}/vcard`)).status).toBe(404);
    for (const image of card.images) expect((await imageOf(image)).status, image).toBe(404);
    expect((await s.call('vcardPersonGet', { params: { id: card.id }, token: card.admin })).status).toBe(404);
    expect((await s.call('vcardStatistic', { params: { id: card.id }, token: card.admin })).status).toBe(404);
    // The wallet link visitors open answers with the page that explains it (303), no pass.
    const passLink = await publicPass(card.id, sign(card.id));
    expect(passLink.status).toBe(303);
    expect(passLink.type).not.toContain('pkpass');
    expect((await exportOf(card.id, card.admin)).status).toBe(404);
    expect((await s.call('vcardPersonErase', { params: { id: card.id }, token: card.admin, body: { confirm: card.id } })).status).toBe(404);

    const audit = await s.call('auditList', { query: { objectId: card.id }, token: card.admin });
    expect(audit.body.items).toContainEqual(expect.objectContaining({ action: 'erase', actorId: adminId, objectType: 'vcardPerson', objectId: card.id, companyId: card.companyId, route: 'vcardPersonErase' }));
    expect(JSON.stringify(audit.body)).not.toContain(card.name);
  });
});
