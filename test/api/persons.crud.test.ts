import { beforeAll, describe, expect, test } from 'vitest';
import { GetCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { createCompany, createProfile, createTenant, createUserToken, getCompany, getProfileCardCount, uploadImage } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { personsHelpers } from './persons-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { card, create } = personsHelpers(s);

describe('card holders: CRUD', () => {
  test('create, read, list, replace and delete a card with every field', async () => {
    const t = await createTenant(s);
    const full = card(t.profile.id, {
      adresseId: t.profile.adressen[1]!.adresseId,
      nice: ' JM ',
      position: 'Geschäftsführer',
      firmenname: 'Müller & Söhne',
      org: 'Müller GmbH',
      url: 'https://mueller.de',
      image: await uploadImage(s, t.user.token, t.company.id),
      imageWallet: await uploadImage(s, t.user.token, t.company.id),
      color: '#112233',
      tel: [{ type: 'work', value: '+49 30 1234' }, { type: 'cell', value: '0171 555' }],
      email: [{ type: 'work1', value: 'j@mueller.de' }, { type: 'work2', value: 'info@mueller.de' }],
      social: [{ type: 'linkedin', link: 'https://linkedin.com/in/jm' }],
      isActive: false,
      companyId: 'fremd',
      version: 99,
    });
    const created = await create(t.user.token, full);
    expect(created).toMatchObject({
      ...full,
      nice: 'JM',
      companyId: t.company.id,
      isActive: false,
      version: 1,
      id: expect.any(String),
      createdOn: expect.any(String),
    });
    expect(Date.parse(created.createdOn)).toBeGreaterThan(Date.now() - 60_000);

    const got = await s.call('personGet', { params: { id: created.id }, token: t.user.token });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created);

    const list = await s.call('personListByProfile', { params: { profileId: t.profile.id }, token: t.user.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ items: [created] });

    // PATCH replaces the card: optional fields left out are cleared.
    const patched = await s.call('personUpdate', { params: { id: created.id }, token: t.user.token,
      body: { ...card(t.profile.id, { firstname: 'Jörgen', tel: [{ type: 'cell', value: '0171 666' }] }), version: 1 } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.body).toMatchObject({ firstname: 'Jörgen', version: 2, isActive: false, tel: [{ type: 'cell', value: '0171 666' }], email: [], createdOn: created.createdOn });
    expect(patched.body.position).toBeUndefined();
    expect(patched.body.adresseId).toBeUndefined();

    const del = await s.call('personDelete', { params: { id: created.id }, token: t.user.token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ id: created.id });
    const gone = await s.call('personGet', { params: { id: created.id }, token: t.user.token });
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe('Visitenkarte nicht gefunden');
    expect((await s.call('personDelete', { params: { id: created.id }, token: t.user.token })).status).toBe(404);
    expect((await s.call('personListByProfile', { params: { profileId: t.profile.id }, token: t.user.token })).body).toEqual({ items: [] });
  });

  test('a new card is active by default; empty strings are absent', async () => {
    const t = await createTenant(s);
    const created = await create(t.user.token, card(t.profile.id, { position: '', url: '  ', nice: '' }));
    expect(created.isActive).toBe(true);
    expect('position' in created || 'url' in created || 'nice' in created).toBe(false);
  });

  test('the list of a profile holds only its own cards', async () => {
    const t = await createTenant(s);
    const other = await createProfile(s, t.company.id);
    const a = await create(t.user.token, card(t.profile.id, { lastname: 'A' }));
    const b = await create(t.user.token, card(other.id, { lastname: 'B' }));
    const listA = await s.call('personListByProfile', { params: { profileId: t.profile.id }, token: t.user.token });
    const listB = await s.call('personListByProfile', { params: { profileId: other.id }, token: t.user.token });
    expect(listA.body.items.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect(listB.body.items.map((p: { id: string }) => p.id)).toEqual([b.id]);
  });
});

describe('card holders: the list of a profile comes in pages', () => {
  test('pages of `limit` cards, oldest first, followed by `nextCursor` until the last page', async () => {
    const t = await createTenant(s);
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push((await create(t.user.token, card(t.profile.id, { lastname: `S${i}` }))).id);
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '2', ...(cursor ? { cursor } : {}) }, token: t.user.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.body.items.map((p: { id: string }) => p.id));
      cursor = res.body.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(made);
    expect(pages).toBe(3);
    // Without a limit all five fit the default page (200).
    const all = await s.call('personListByProfile', { params: { profileId: t.profile.id }, token: t.user.token });
    expect(all.body.items).toHaveLength(5);
    expect(all.body.nextCursor).toBeUndefined();
  });

  test('the limit is 1 to 500; a cursor that was edited or belongs to another profile is a 400', async () => {
    const t = await createTenant(s);
    const other = await createProfile(s, t.company.id);
    for (const profileId of [t.profile.id, other.id]) {
      for (let i = 0; i < 2; i++) await create(t.user.token, card(profileId));
    }
    for (const limit of ['0', '501', 'zwei', '1.5']) {
      const res = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: limit }, token: t.user.token });
      expect(res.status, limit).toBe(400);
      expect(res.body.fieldErrors).toEqual({ limit: 'Bitte eine ganze Zahl von 1 bis 500 angeben' });
    }
    const first = await s.call('personListByProfile', { params: { profileId: other.id }, query: { limit: '1' }, token: t.user.token });
    const foreign = first.body.nextCursor as string;
    expect(foreign).toEqual(expect.any(String));
    const key = JSON.parse(Buffer.from(foreign, 'base64url').toString('utf8'));
    const tampered = [
      foreign, // the other profile's own cursor
      Buffer.from(JSON.stringify({ ...key, gsi1pk: `PROFILE#${t.profile.id}#PERSONS`, extra: 'x' })).toString('base64url'),
      Buffer.from(JSON.stringify({ ...key, sk: 1 })).toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      'kein-json',
    ];
    for (const cursor of tampered) {
      const res = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '1', cursor }, token: t.user.token });
      expect(res.status, cursor).toBe(400);
      expect(res.body.fieldErrors).toEqual({ cursor: 'Ungültige Seitenangabe. Bitte laden Sie die Liste neu.' });
    }
  });
});

describe('card holders: validation (§5)', () => {
  let t: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => { t = await createTenant(s); });

  // Bodies the contract refuses, on purpose: sent as `rawBody` (untyped).
  const bad = (p: string, extra: Record<string, unknown>): Record<string, unknown> => ({ ...card(p), ...extra });
  const cases: [string, (profileId: string) => Record<string, unknown>, Record<string, string>][] = [
    ['first and last name required, blank counts as missing', (p) => bad(p, { firstname: '   ', lastname: undefined }), { firstname: 'Pflichtfeld', lastname: 'Pflichtfeld' }],
    ['profile required', () => card(''), { companyProfilId: 'Pflichtfeld' }],
    ['each email valid', (p) => bad(p, { email: [{ type: 'work1', value: 'kein.at.zeichen' }] }), { 'email.0.value': 'Bitte geben Sie eine gültige E-Mail-Adresse ein' }],
    ['contact entry needs a type', (p) => bad(p, { tel: [{ value: '030 1' }] }), { 'tel.0.type': 'Bitte wählen Sie einen Typ' }],
    ['contact entry needs a non-empty value', (p) => bad(p, { tel: [{ type: 'work', value: '  ' }], email: [{ type: 'work1', value: '' }] }), { 'tel.0.value': 'Pflichtfeld', 'email.0.value': 'Pflichtfeld' }],
    ['social entry needs a link', (p) => bad(p, { social: [{ type: 'xing', link: '' }] }), { 'social.0.link': 'Pflichtfeld' }],
    ['phone types are work and cell', (p) => bad(p, { tel: [{ type: 'fax', value: '030 1' }] }), { 'tel.0.type': 'Bitte wählen Sie einen Typ' }],
    ['email types are work1..work5', (p) => bad(p, { email: [{ type: 'work6', value: 'a@b.de' }] }), { 'email.0.type': 'Bitte wählen Sie einen Typ' }],
    ['social types are facebook, instagram, linkedin, xing', (p) => bad(p, { social: [{ type: 'youtube', link: 'https://youtube.com/x' }] }), { 'social.0.type': 'Bitte wählen Sie einen Typ' }],
    ['one phone per type', (p) => bad(p, { tel: [{ type: 'cell', value: '1' }, { type: 'cell', value: '2' }] }), { 'tel.1.type': 'Dieser Typ ist bereits vergeben' }],
    ['one email per type', (p) => bad(p, { email: [{ type: 'work1', value: 'a@b.de' }, { type: 'work1', value: 'c@d.de' }] }), { 'email.1.type': 'Dieser Typ ist bereits vergeben' }],
    ['one social link per type', (p) => bad(p, { social: [{ type: 'xing', link: 'https://x.de/a' }, { type: 'xing', link: 'https://x.de/b' }] }), { 'social.1.type': 'Dieser Typ ist bereits vergeben' }],
    ['social links start with http(s)://', (p) => bad(p, { social: [{ type: 'facebook', link: 'javascript:alert(1)' }] }), { 'social.0.link': 'Muss mit http:// oder https:// beginnen' }],
    ['the web address starts with http(s)://', (p) => bad(p, { url: 'www.mueller.de' }), { url: 'Muss mit http:// oder https:// beginnen' }],
    ['a phone number is dialable', (p) => bad(p, { tel: [{ type: 'work', value: 'javascript:1' }] }), { 'tel.0.value': 'Bitte geben Sie eine gültige Telefonnummer ein' }],
    ['image names stay inside the uploads folder', (p) => bad(p, { image: '../../etc/passwd' }), { image: 'Ungültiger Dateiname' }],
  ];

  test.each(cases)('%s', async (_name, body, fieldErrors) => {
    const before = await getCompany(s, t.company.id);
    const res = await s.call('personCreate', { token: t.user.token, rawBody: body(t.profile.id) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Im Formular sind Fehler vorhanden');
    expect(res.body.fieldErrors).toEqual(fieldErrors);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: before.cardCountTotal });
  });

  test('an adresseId must be one of the profile\'s addresses', async () => {
    const other = await createProfile(s, t.company.id, { adressen: [{ ort: 'Hamburg', plz: '20095' }] });
    const res = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { adresseId: other.adressen[0]!.adresseId }) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ adresseId: 'Diese Adresse gehört nicht zum gewählten Profil' });
    const ok = await create(t.user.token, card(t.profile.id, { adresseId: t.profile.adressen[0]!.adresseId }));
    const wrong = await s.call('personUpdate', { params: { id: ok.id }, token: t.user.token, body: { ...card(t.profile.id, { adresseId: 'gibt-es-nicht' }), version: 1 } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ adresseId: 'Diese Adresse gehört nicht zum gewählten Profil' });
  });

  test('an address the profile has dropped since does not block saving the card; a newly chosen one is still checked', async () => {
    const tenant = await createTenant(s);
    const [kept, dropped] = tenant.profile.adressen as [{ adresseId: string }, { adresseId: string }];
    const p = await create(tenant.user.token, card(tenant.profile.id, { adresseId: dropped.adresseId }));
    const profile = (await s.call('profileGet', { params: { id: tenant.profile.id }, token: tenant.user.token })).body;
    const trimmed = await s.call('profileUpdate', { params: { id: tenant.profile.id }, token: tenant.user.token,
      body: { profilname: profile.profilname, adressen: [profile.adressen[0]!], version: profile.version } });
    expect(trimmed.status, JSON.stringify(trimmed.body)).toBe(200);

    // The card still names the dropped address (it shows none); deactivating it must work.
    const off = await s.call('personUpdate', { params: { id: p.id }, token: tenant.user.token, body: { ...card(tenant.profile.id, { adresseId: dropped.adresseId, isActive: false }), version: 1 } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ isActive: false, version: 2 });
    // Choosing it anew, or taking it to another profile, is checked as always.
    const other = await createProfile(s, tenant.company.id);
    const moved = await s.call('personUpdate', { params: { id: p.id }, token: tenant.user.token, body: { ...card(other.id, { adresseId: dropped.adresseId }), version: 2 } });
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors).toEqual({ adresseId: 'Diese Adresse gehört nicht zum gewählten Profil' });
    const fresh = await create(tenant.user.token, card(tenant.profile.id, { adresseId: kept.adresseId }));
    const chosen = await s.call('personUpdate', { params: { id: fresh.id }, token: tenant.user.token, body: { ...card(tenant.profile.id, { adresseId: dropped.adresseId }), version: 1 } });
    expect(chosen.status).toBe(400);
    expect(chosen.body.fieldErrors).toEqual({ adresseId: 'Diese Adresse gehört nicht zum gewählten Profil' });
  });

  test('an update writes only the card\'s own fields: attributes other features store on the card stay', async () => {
    const tenant = await createTenant(s);
    const p = await create(tenant.user.token, card(tenant.profile.id, { position: 'Alt' }));
    // As the public card and credits work will: a QR id and an activation marker on the card item.
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: keys.person(p.id),
      UpdateExpression: 'SET uniqueId = :u, chargedAt = :c',
      ExpressionAttributeValues: { ':u': 'qr-123', ':c': '2024-01-01T00:00:00.000Z' },
    }));
    const res = await s.call('personUpdate', { params: { id: p.id }, token: tenant.user.token, body: { ...card(tenant.profile.id, { nice: 'JM' }), version: 1 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const stored = (await db().send(new GetCommand({ TableName: tableName(), Key: keys.person(p.id), ConsistentRead: true }))).Item!;
    expect(stored).toMatchObject({ uniqueId: 'qr-123', chargedAt: '2024-01-01T00:00:00.000Z', nice: 'JM', version: 2, companyId: tenant.company.id });
    expect(stored.position).toBeUndefined();
  });

  test('the profile must exist (404) and stay in the card\'s company (400)', async () => {
    const missing = await s.call('personCreate', { token: t.user.token, body: card('gibt-es-nicht') });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Profil nicht gefunden');
    const other = await createTenant(s);
    const p = await create(admin, card(t.profile.id));
    const moved = await s.call('personUpdate', { params: { id: p.id }, token: admin, body: { ...card(other.profile.id), version: 1 } });
    expect(moved.status).toBe(400);
    expect(moved.body.fieldErrors).toEqual({ companyProfilId: 'Das Profil gehört zu einem anderen Unternehmen' });
  });

  test('images must be uploads of the card\'s own company', async () => {
    const other = await createTenant(s);
    const foreign = await uploadImage(s, other.user.token, other.company.id);
    const own = await uploadImage(s, t.user.token, t.company.id);
    const res = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { image: foreign }) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ image: 'Bild nicht gefunden. Bitte laden Sie es erneut hoch.' });
    const unknown = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { imageWallet: 'gibt-es-nicht.png' }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.fieldErrors).toEqual({ imageWallet: 'Bild nicht gefunden. Bitte laden Sie es erneut hoch.' });
    const p = await create(t.user.token, card(t.profile.id, { image: own, imageWallet: own }));
    const swap = await s.call('personUpdate', { params: { id: p.id }, token: t.user.token, body: { ...card(t.profile.id, { image: own, imageWallet: foreign }), version: 1 } });
    expect(swap.status).toBe(400);
    expect(swap.body.fieldErrors).toEqual({ imageWallet: 'Bild nicht gefunden. Bitte laden Sie es erneut hoch.' });
    expect((await s.call('personGet', { params: { id: p.id }, token: t.user.token })).body).toMatchObject({ version: 1, imageWallet: own });
  });

  test('an update needs the version it is based on', async () => {
    const p = await create(t.user.token, card(t.profile.id));
    // Without the version the contract requires, on purpose.
    const res = await s.call('personUpdate', { params: { id: p.id }, token: t.user.token, rawBody: card(t.profile.id) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ version: 'Pflichtfeld' });
  });
});
