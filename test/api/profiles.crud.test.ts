import { beforeAll, describe, expect, test } from 'vitest';
import { UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createCompany, createProfile, createUserToken, uploadImage } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { NotFoundError } from '../../functions/lib/errors.ts';
import { createProfileSchema, updateProfileSchema } from '../../shared/schemas/profile.ts';
import type { AuthUser } from '../../functions/lib/auth/session.ts';
import { getUserItem } from '../../functions/domain/users/user-item.ts';
import { createProfile as createDomainProfile } from '../../functions/domain/profiles/create-profile.ts';
import { updateProfile as updateDomainProfile } from '../../functions/domain/profiles/update-profile.ts';
import { deleteProfile as deleteDomainProfile } from '../../functions/domain/profiles/delete-profile.ts';
import { profilesHelpers } from './profiles-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { DEFAULT_SETTINGS, tenant, logos, fullProfile } = profilesHelpers(s);

describe('profiles: create and read', () => {
  test('a minimal profile gets every default of spec §3', async () => {
    const t = await tenant();
    const res = await s.call('profileCreate', { token: t.user.token, body: { companyId: t.company.id, profilname: '  Standard ' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String),
      companyId: t.company.id,
      profilname: 'Standard',
      adressen: [],
      social: [],
      color: '#000000',
      settings: DEFAULT_SETTINGS,
      cardCount: 0,
      version: 1,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const company = await s.call('companyGet', { params: { id: t.company.id }, token: admin });
    expect(company.body.profileCount).toBe(1);
  });

  test('every field is stored; addresses get an id unless they bring one', async () => {
    const t = await tenant();
    const body = fullProfile(t.company.id, await logos(t));
    const res = await s.call('profileCreate', { token: t.user.token, body });
    expect(res.status).toBe(200);
    const { adressen, ...rest } = body;
    expect(res.body).toMatchObject(rest);
    expect(res.body.adressen).toEqual([
      { ...adressen[0], adresseId: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      adressen[1],
    ]);
    const got = await s.call('profileGet', { params: { id: res.body.id }, token: t.user.token });
    expect(got.body).toEqual(res.body);
  });

  test.each([['a NUL byte', '501\u00008'], ['a lone surrogate', '5018\ud800']])('a PLZ with %s is a 400 on create and on update, nothing stored (issue 19)', async (_, plz) => {
    const t = await tenant();
    const created = await s.call('profileCreate', { token: t.user.token, body: { companyId: t.company.id, profilname: 'PLZ', adressen: [{ plz }] } });
    expect(created.status).toBe(400);
    expect(created.body.fieldErrors['adressen.0.plz']).toBe('Enthält unzulässige Zeichen (Steuerzeichen oder ungültige Unicode-Zeichen)');
    const profile = await createProfile(s, t.company.id, { adressen: [{ plz: '50189', ort: 'Köln' }] });
    const before = await s.call('profileGet', { params: { id: profile.id }, token: t.user.token });
    const updated = await s.call('profileUpdate', { params: { id: profile.id }, token: t.user.token, body: { ...before.body, adressen: [{ ...before.body.adressen[0]!, plz }] } });
    expect(updated.status).toBe(400);
    expect(updated.body.fieldErrors['adressen.0.plz']).toBeTruthy();
    expect((await s.call('profileGet', { params: { id: profile.id }, token: t.user.token })).body).toEqual(before.body);
  });

  test('partial settings are completed with the defaults; blank texts are absent', async () => {
    const t = await tenant();
    // Blank texts where a number belongs, as the form sends them: the server takes them as absent,
    // the typed contract has no room for them (untyped `rawBody`).
    const res = await s.call('profileCreate', { token: t.user.token,
      rawBody: { companyId: t.company.id, profilname: 'P', claim: '  ', color: '', settings: { logo: { height: 40, right: '' }, customCss: '   ' } } });
    expect(res.status).toBe(200);
    expect(res.body.claim).toBeUndefined();
    expect(res.body.color).toBe('#000000');
    expect(res.body.settings).toEqual({ ...DEFAULT_SETTINGS, logo: { ...DEFAULT_SETTINGS.logo, height: 40 } });
  });

  test('lists a company\'s profiles in creation order', async () => {
    const t = await tenant();
    const names = ['Erstes', 'Zweites', 'Drittes'];
    for (const profilname of names) await s.call('profileCreate', { token: t.user.token, body: { companyId: t.company.id, profilname } });
    const res = await s.call('profileList', { params: { companyId: t.company.id }, token: t.user.token });
    expect(res.status).toBe(200);
    expect(res.body.map((p: { profilname: string }) => p.profilname)).toEqual(names);
  });
});

describe('profiles: validation (spec §5)', () => {
  const cases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['profilname required', { profilname: '' }, { profilname: 'Pflichtfeld' }],
    ['profilname not only spaces', { profilname: '   ' }, { profilname: 'Pflichtfeld' }],
    ['plz at least 4', { adressen: [{ plz: '123', ort: 'X' }] }, { 'adressen.0.plz': 'Muss mindestens 4 Zeichen lang sein' }],
    ['an address needs a field', { adressen: [{ straße: ' ' }] }, { 'adressen.0.straße': 'Bitte mindestens ein Adressfeld ausfüllen' }],
    ['url http(s)', { url: 'www.mueller.de' }, { url: 'Muss mit http:// oder https:// beginnen' }],
    ['impressum http(s)', { impressum: 'ftp://mueller.de' }, { impressum: 'Muss mit http:// oder https:// beginnen' }],
    ['datenschutz no javascript:', { datenschutz: 'javascript:alert(1)' }, { datenschutz: 'Muss mit http:// oder https:// beginnen' }],
    ['social link http(s)', { social: [{ type: 'facebook', link: 'facebook.com/x' }] }, { 'social.0.link': 'Muss mit http:// oder https:// beginnen' }],
    ['social link required', { social: [{ type: 'facebook', link: '' }] }, { 'social.0.link': 'Pflichtfeld' }],
    ['social type required', { social: [{ link: 'https://x.de' }] }, { 'social.0.type': 'Pflichtfeld' }],
    ['social type known', { social: [{ type: 'myspace', link: 'https://x.de' }] }, { 'social.0.type': 'Bitte einen der angebotenen Typen wählen' }],
    ['social type once', { social: [{ type: 'xing', link: 'https://x.de' }, { type: 'xing', link: 'https://y.de' }] }, { 'social.1.type': 'Jeder Typ darf nur einmal vorkommen' }],
    ['color is a hex colour', { color: 'red' }, { color: 'Bitte eine Farbe im Format #rrggbb angeben' }],
    ['settings colours too', { settings: { person: { background: 'url(x)' } } }, { 'settings.person.background': 'Bitte eine Farbe im Format #rrggbb angeben' }],
    ['logo height is a number', { settings: { logo: { height: 'hoch' } } }, { 'settings.logo.height': 'Bitte eine Zahl angeben' }],
    ['customCss bounded', { settings: { customCss: 'a'.repeat(20_001) } }, { 'settings.customCss': 'Dieser Text ist zu lang' }],
    ['logo is a file name', { logo: '../../etc/passwd' }, { logo: 'Ungültiger Dateiname' }],
    ['companyId required', { companyId: '' }, { companyId: 'Pflichtfeld' }],
  ];

  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => { t = await tenant(); });

  test.each(cases)('%s', async (_, patch, fieldErrors) => {
    const res = await s.call('profileCreate', { token: t.user.token, body: { companyId: t.company.id, profilname: 'P', ...patch } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Im Formular sind Fehler vorhanden');
    expect(res.body.fieldErrors).toEqual(fieldErrors);
    const list = await s.call('profileList', { params: { companyId: t.company.id }, token: admin });
    expect(list.body).toEqual([]);
  });

  test('the same rules apply to an update', async () => {
    const p = await createProfile(s, t.company.id);
    const res = await s.call('profileUpdate', { params: { id: p.id }, token: t.user.token, body: { profilname: 'P', url: 'mueller.de' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ url: 'Muss mit http:// oder https:// beginnen' });
  });
});

describe('profiles: update', () => {
  test('replaces the content, keeps address ids and the card counter, raises the version', async () => {
    const t = await tenant();
    const created = (await s.call('profileCreate', { token: t.user.token, body: fullProfile(t.company.id, await logos(t)) })).body;
    // A card was added meanwhile (the card-holder routes ADD to the counter).
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.profile(created.id), UpdateExpression: 'ADD cardCount :one', ExpressionAttributeValues: { ':one': 1 } }));
    const res = await s.call('profileUpdate', { params: { id: created.id }, token: t.user.token,
      body: {
        profilname: 'Umbenannt',
        adressen: [created.adressen[1]!, { ort: 'Hamburg' }],
        social: [],
        version: 1,
      } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, companyId: t.company.id, profilname: 'Umbenannt', social: [], color: '#000000', settings: DEFAULT_SETTINGS, version: 2, cardCount: 1 });
    expect(res.body.claim).toBeUndefined();
    expect(res.body.impressum).toBeUndefined();
    expect(res.body.adressen).toEqual([created.adressen[1], { ort: 'Hamburg', adresseId: expect.any(String) }]);
    const got = await s.call('profileGet', { params: { id: created.id }, token: t.user.token });
    expect(got.body).toEqual(res.body);
  });

  test('a stale version is refused with 409 and changes nothing', async () => {
    const t = await tenant();
    const p = await createProfile(s, t.company.id);
    expect((await s.call('profileUpdate', { params: { id: p.id }, token: t.user.token, body: { profilname: 'Eins', version: 1 } })).status).toBe(200);
    const stale = await s.call('profileUpdate', { params: { id: p.id }, token: t.user.token, body: { profilname: 'Zwei', version: 1 } });
    expect(stale.status).toBe(409);
    expect((await s.call('profileGet', { params: { id: p.id }, token: t.user.token })).body.profilname).toBe('Eins');
  });

  test('the company of a profile cannot be changed', async () => {
    const t = await tenant();
    const other = await createCompany(s);
    const p = await createProfile(s, t.company.id);
    const res = await s.call('profileUpdate', { params: { id: p.id }, token: admin, body: { profilname: 'X', companyId: other.id } });
    expect(res.status).toBe(200);
    expect(res.body.companyId).toBe(t.company.id);
  });
});

describe('profiles: logos must be uploads of the own company', () => {
  const NOT_OWNED = 'Bild nicht gefunden. Bitte laden Sie es erneut hoch.';

  test('a create with another company\'s upload is a 400 on that field and writes nothing', async () => {
    const a = await tenant();
    const b = await tenant();
    const foreign = await uploadImage(s, b.user.token, b.company.id);
    const own = await uploadImage(s, a.user.token, a.company.id);
    const res = await s.call('profileCreate', { token: a.user.token, body: { companyId: a.company.id, profilname: 'Fremdes Logo', logo: own, walletLogo: foreign } });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toEqual({ message: 'Im Formular sind Fehler vorhanden', fieldErrors: { walletLogo: NOT_OWNED } });
    // Admins are held to the same rule: the file must belong to the profile's company.
    const asAdmin = await s.call('profileCreate', { token: admin, body: { companyId: a.company.id, profilname: 'Fremdes Logo', appleLogo: foreign } });
    expect(asAdmin.body.fieldErrors).toEqual({ appleLogo: NOT_OWNED });
    expect((await s.call('profileList', { params: { companyId: a.company.id }, token: admin })).body).toEqual([]);
    expect((await s.call('companyGet', { params: { id: a.company.id }, token: admin })).body.profileCount).toBe(0);
  });

  test('an update may keep its logos but not choose another company\'s or an unknown file', async () => {
    const a = await tenant();
    const b = await tenant();
    const own = await uploadImage(s, a.user.token, a.company.id);
    const foreign = await uploadImage(s, b.user.token, b.company.id);
    const created = await s.call('profileCreate', { token: a.user.token, body: { companyId: a.company.id, profilname: 'Eigenes Logo', logo: own } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const kept = await s.call('profileUpdate', { params: { id: created.body.id }, token: a.user.token, body: { profilname: 'Umbenannt', logo: own, appleLogo: own, version: 1 } });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);

    const swap = await s.call('profileUpdate', { params: { id: created.body.id }, token: a.user.token, body: { profilname: 'Fremd', logo: foreign, walletLogo: foreign, version: 2 } });
    expect(swap.status).toBe(400);
    expect(swap.body.fieldErrors).toEqual({ logo: NOT_OWNED, walletLogo: NOT_OWNED });
    const unknown = await s.call('profileUpdate', { params: { id: created.body.id }, token: a.user.token, body: { profilname: 'Fremd', logo: own, walletLogo: '00000000-0000-0000-0000-000000000000.png', version: 2 } });
    expect(unknown.body.fieldErrors).toEqual({ walletLogo: NOT_OWNED });
    const stored = await s.call('profileGet', { params: { id: created.body.id }, token: a.user.token });
    expect(stored.body).toMatchObject({ profilname: 'Umbenannt', logo: own, appleLogo: own, version: 2 });
    expect(stored.body.walletLogo).toBeUndefined();
  });
});
