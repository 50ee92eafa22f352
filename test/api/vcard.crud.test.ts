import { beforeAll, describe, expect, test } from 'vitest';
import { GetCommand, QueryCommand, UpdateCommand, DeleteCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createTenant, createUserToken } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { VCARD_DELETE_PAGE_SIZE } from '../../functions/domain/legacy/delete-company.ts';
import { clearRecordedInvalidations, recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { vcardCompanyBody, vcardPersonBody } from './route-fixtures-vcard.ts';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { makePng, multipart } from '../helpers/images.ts';
import { allVariantFilenames } from '../../shared/images.ts';
import { vcardHelpers } from './vcard-helpers.ts';

const s = useTestServer();
const { newCompany, newPerson } = vcardHelpers(s);
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

describe('legacy companies', () => {
  test('create, read, list, update; the settings start with the legacy defaults', async () => {
    const co = await newCompany({ org: uniqueName('Alt GmbH ') });
    expect(co).toMatchObject({ plz: '10115', ort: 'Berlin', personCount: 0, version: 1 });
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body).toEqual(co);
    const list = (await s.call('vcardCompanyList', { token: admin })).body as { id: string }[];
    expect(list.map((c) => c.id)).toContain(co.id);

    const settings = await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin });
    expect(settings.status).toBe(200);
    expect(settings.body).toEqual({
      id: co.id,
      companyId: co.id,
      settings: {
        theme: 'the-vcard',
        logo: { top: 22, right: null, left: 36, height: 34, useColor: false, color: '#8d0a23' },
        person: { background: '#8d0a23', color: '#fff' },
        kontakt: { fill: '#8d0a23' },
        display: { showStrasse: true, showPLZ: true },
        customCss: null,
      },
    });

    const upd = await s.call('vcardCompanyUpdate', { params: { id: co.id }, token: admin, body: { ...vcardCompanyBody('x'), org: 'Zeta Neu', url: undefined, version: 1 } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.org).toBe('Zeta Neu');
    expect(upd.body.url).toBeUndefined();
    expect(upd.body.version).toBe(2);
    // A stale version is refused and changes nothing.
    const stale = await s.call('vcardCompanyUpdate', { params: { id: co.id }, token: admin, body: { ...vcardCompanyBody('y'), version: 1 } });
    expect(stale.status).toBe(409);
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body.org).toBe('Zeta Neu');
  });

  test('validation: org, plz, ort required; plz at least 4; links by the V2 rules', async () => {
    // Bodies the contract refuses, on purpose.
    const bad = async (body: Record<string, unknown>) => {
      const res = await s.call('vcardCompanyCreate', { token: admin, rawBody: body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Im Formular sind Fehler vorhanden');
      return res.body.fieldErrors as Record<string, string>;
    };
    expect(await bad({ plz: '', ort: '  ' })).toMatchObject({ org: 'Pflichtfeld', plz: 'Pflichtfeld', ort: 'Pflichtfeld' });
    expect(await bad(vcardCompanyBody('v', { plz: '123' }))).toEqual({ plz: 'Muss mindestens 4 Zeichen lang sein' });
    expect(await bad(vcardCompanyBody('v', { url: 'www.beispiel.de' }))).toEqual({ url: 'Muss mit http:// oder https:// beginnen' });
    expect(await bad(vcardCompanyBody('v', { social: [{ type: 'xing', link: 'xing.com/x' }] }))).toEqual({ 'social.0.link': 'Muss mit http:// oder https:// beginnen' });
    expect(await bad(vcardCompanyBody('v', { impressum: 'javascript:alert(1)' }))).toHaveProperty('impressum');
  });

  test('settings: saved as sent over the defaults; customCss checked like a profile\'s', async () => {
    const co = await newCompany();
    const res = await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { theme: 'the-vcard-v2', logo: { top: 5 }, customCss: '.name { color: #123456; }' } } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const got = (await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin })).body.settings;
    expect(got).toMatchObject({ theme: 'the-vcard-v2', logo: { top: 5, left: 36, height: 34 }, person: { background: '#8d0a23' }, customCss: '.name { color: #123456; }' });
    const css = await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { customCss: '@import url(https://evil.example/x.css);' } } });
    expect(css.status).toBe(400);
    expect(css.body.fieldErrors).toHaveProperty(['settings.customCss']);
    expect((await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin })).body.settings.theme).toBe('the-vcard-v2');
    expect((await s.call('vcardSettingsUpdate', { params: { id: 'no-such-company' }, token: admin, body: { settings: {} } })).status).toBe(404);
  });

  test('settings: the CSS as typed in an item of its own, the settings item keeps the scoped copy; settings saved before are read inline until the next save; the delete takes it', async () => {
    const stored = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    const co = await newCompany();
    const p = await newPerson(co.id);
    const css = '.name { color: #123456; }';
    expect((await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { customCss: css } } })).status).toBe(200);
    const item = (await stored(keys.vcardSettings(co.id)))!;
    expect(item.settings).not.toHaveProperty('customCss');
    expect(item.customCssScoped).toBe('.vk-card-root .name { color: #123456; }');
    expect(await stored(keys.vcardSettingsCss(co.id))).toMatchObject({ css, companyId: co.id, ...keys.ownedVcardSettingsCss(co.id) });
    expect((await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin })).body.settings.customCss).toBe(css);
    expect((await s.call('vcardCard', { params: { id: p.id }, token: admin })).body.settings.customCss).toBe(css);
    expect((await s.call('cardGet', { params: { id: p.id } })).body.profile.settings.customCss).toBe('.vk-card-root .name { color: #123456; }');

    // Saved before the CSS item: inline beside the scoped copy.
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.vcardSettings(co.id), UpdateExpression: 'SET settings.customCss = :c', ExpressionAttributeValues: { ':c': css } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.vcardSettingsCss(co.id) }));
    expect((await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin })).body.settings.customCss).toBe(css);
    const form = (await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin })).body.settings;
    expect((await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { ...form, theme: 'the-vcard-v2' } } })).status).toBe(200);
    expect((await stored(keys.vcardSettings(co.id)))!.settings).not.toHaveProperty('customCss');
    expect((await stored(keys.vcardSettingsCss(co.id)))?.css).toBe(css);

    // Cleared: the CSS item goes; a company delete leaves none behind.
    expect((await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { ...form, customCss: '' } } })).status).toBe(200);
    expect(await stored(keys.vcardSettingsCss(co.id))).toBeUndefined();
    expect((await s.call('vcardSettingsGet', { params: { id: co.id }, token: admin })).body.settings.customCss).toBeNull();
    expect((await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { customCss: css } } })).status).toBe(200);
    expect((await s.call('vcardCompanyDelete', { params: { id: co.id }, token: admin })).status).toBe(200);
    expect(await stored(keys.vcardSettingsCss(co.id))).toBeUndefined();
  });

  test('admin-only: a company user gets 403 on every vcard route, anonymous 401', async () => {
    const co = await newCompany();
    const p = await newPerson(co.id);
    const { user } = await createTenant(s);
    const calls: [string, (token?: string) => Promise<{ status: number }>][] = [
      ['vcardCompanyCreate', (token) => s.call('vcardCompanyCreate', { token, body: vcardCompanyBody('x') })],
      ['vcardCompanyList', (token) => s.call('vcardCompanyList', { token })],
      ['vcardCompanyGet', (token) => s.call('vcardCompanyGet', { params: { id: co.id }, token })],
      ['vcardCompanyUpdate', (token) => s.call('vcardCompanyUpdate', { params: { id: co.id }, token, body: vcardCompanyBody('x') })],
      ['vcardCompanyDelete', (token) => s.call('vcardCompanyDelete', { params: { id: co.id }, token })],
      ['vcardSettingsGet', (token) => s.call('vcardSettingsGet', { params: { id: co.id }, token })],
      ['vcardSettingsUpdate', (token) => s.call('vcardSettingsUpdate', { params: { id: co.id }, token, body: { settings: {} } })],
      ['vcardPersonCreate', (token) => s.call('vcardPersonCreate', { token, body: vcardPersonBody(co.id, 'x') })],
      ['vcardPersonList', (token) => s.call('vcardPersonList', { token })],
      ['vcardPersonGet', (token) => s.call('vcardPersonGet', { params: { id: p.id }, token })],
      ['vcardPersonUpdate', (token) => s.call('vcardPersonUpdate', { params: { id: p.id }, token, body: vcardPersonBody(co.id, 'x') })],
      ['vcardPersonDelete', (token) => s.call('vcardPersonDelete', { params: { id: p.id }, token })],
      ['vcardPersonListByCompany', (token) => s.call('vcardPersonListByCompany', { params: { companyId: co.id }, token })],
      ['vcardCard', (token) => s.call('vcardCard', { params: { id: p.id }, token })],
      ['vcardStatistic', (token) => s.call('vcardStatistic', { params: { id: p.id }, token })],
    ];
    for (const [name, call] of calls) {
      expect((await call(user.token)).status, name).toBe(403);
      expect((await call()).status, name).toBe(401);
    }
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body.personCount).toBe(1);
    expect((await s.call('vcardPersonGet', { params: { id: p.id }, token: admin })).status).toBe(200);
  });

  test('literal paths win over /api/vcard/{id}', async () => {
    const co = await newCompany();
    const p = await newPerson(co.id);
    expect(Array.isArray((await s.call('vcardCompanyList', { token: admin })).body)).toBe(true);
    expect(Array.isArray((await s.call('vcardPersonList', { token: admin })).body)).toBe(true);
    const card = await s.call('vcardCard', { params: { id: p.id }, token: admin });
    expect(card.status).toBe(200);
    expect(card.body.person.id).toBe(p.id);
    expect(card.body.company.id).toBe(co.id);
    expect(card.body.settings.theme).toBe('the-vcard');
  });
});

describe('legacy persons', () => {
  test('CRUD, list by company and all; firstname/lastname required; unknown company 404', async () => {
    const co = await newCompany();
    const a = await newPerson(co.id, { lastname: 'Zimmer' });
    const b = await newPerson(co.id, { lastname: 'Adler' });
    const byCompany = (await s.call('vcardPersonListByCompany', { params: { companyId: co.id }, token: admin })).body as { id: string; views: number }[];
    expect(byCompany.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(byCompany[0]!.views).toBe(0);
    const all = (await s.call('vcardPersonList', { token: admin })).body as { id: string }[];
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    // Sorted by last name across companies.
    expect(all.findIndex((p) => p.id === b.id)).toBeLessThan(all.findIndex((p) => p.id === a.id));

    const upd = await s.call('vcardPersonUpdate', { params: { id: a.id }, token: admin, body: { firstname: 'Neu', lastname: 'Zimmer', tel: [], version: a.version } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body).toMatchObject({ firstname: 'Neu', tel: [], email: [], companyId: co.id, version: 2 });
    expect(upd.body.position).toBeUndefined();

    const missing = await s.call('vcardPersonCreate', { token: admin, body: { companyId: co.id, firstname: ' ', lastname: '' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ firstname: 'Pflichtfeld', lastname: 'Pflichtfeld' });
    const noCompany = await s.call('vcardPersonCreate', { token: admin, body: vcardPersonBody('gibt-es-nicht', 'x') });
    expect(noCompany.status).toBe(404);

    expect((await s.call('vcardPersonDelete', { params: { id: b.id }, token: admin })).status).toBe(200);
    expect((await s.call('vcardPersonGet', { params: { id: b.id }, token: admin })).status).toBe(404);
    expect((await s.call('vcardPersonDelete', { params: { id: b.id }, token: admin })).status).toBe(404);
    expect((await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body.personCount).toBe(1);
  });
});

describe('legacy card on /api/card/{id}', () => {
  test('renders with the legacy company and settings, counts views, and is invalidated on edits', async () => {
    const co = await newCompany({ firmenname: 'Alte Firma', claim: 'Seit 1900' });
    await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { theme: 'the-vcard-v2' } } });
    const p = await newPerson(co.id, { firstname: 'Erika', lastname: 'Muster' });
    const card = await s.call('cardGet', { params: { id: p.id } });
    expect(card.status, JSON.stringify(card.body)).toBe(200);
    expect(card.body).toMatchObject({
      id: p.id,
      lang: 'de',
      org: co.org,
      person: { firstname: 'Erika', lastname: 'Muster', adresseId: 'legacy' },
      profile: {
        firmenname: 'Alte Firma', claim: 'Seit 1900', url: 'https://legacy.example.de',
        adressen: [{ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin' }],
        settings: { theme: 'the-vcard-v2', logo: { top: 22, left: 36, height: 34 }, person: { background: '#8d0a23', color: '#fff' } },
      },
    });

    await s.call('cardGet', { params: { id: p.id } });
    await s.flushViews();
    const stat = await s.call('vcardStatistic', { params: { id: p.id }, token: admin });
    expect(stat.status).toBe(200);
    expect(stat.body.total).toBe(2);
    expect(stat.body.years).toEqual([{ year: stat.body.days[0]!.date.slice(0, 4), views: 2 }]);
    const listed = (await s.call('vcardPersonListByCompany', { params: { companyId: co.id }, token: admin })).body as { id: string; views: number }[];
    expect(listed.find((x) => x.id === p.id)?.views).toBe(2);

    clearRecordedInvalidations();
    await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { theme: 'the-vcard' } } });
    await s.cardChanges.drain();
    expect(recordedInvalidations().flat()).toContain(`/api/card/${p.id}`);
    clearRecordedInvalidations();
    await s.call('vcardPersonUpdate', { params: { id: p.id }, token: admin, body: { firstname: 'Erika', lastname: 'Neu' } });
    await s.cardChanges.drain();
    expect(recordedInvalidations().flat()).toContain(`/api/card/${p.id}`);

    await s.call('vcardCompanyDelete', { params: { id: co.id }, token: admin });
    expect((await s.call('cardGet', { params: { id: p.id } })).status).toBe(404);
  });
});

describe('one answer to whose card an id is (issue 21)', () => {
  test('a legacy card: its holder for admins, 404 for company users; a V2 card for its own company', async () => {
    const admin = await s.adminToken();
    const co = await newCompany();
    const p = await newPerson(co.id, { firstname: 'Ilse', lastname: 'Alt' });
    const legacy = await s.api('GET', `/api/card/company/card/${p.id}`, { token: admin });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    expect(legacy.body).toMatchObject({ id: p.id, kind: 'legacy', firstname: 'Ilse', lastname: 'Alt', companyId: co.id });
    expect((await s.api('GET', `/api/card/statistic/${p.id}`, { token: admin })).status).toBe(200);
    const t = await createTenant(s);
    expect((await s.api('GET', `/api/card/company/card/${p.id}`, { token: t.user.token })).status).toBe(404);
    expect((await s.api('GET', `/api/card/statistic/${p.id}`, { token: t.user.token })).status).toBe(404);
    const card = await s.api('POST', '/api/card/company/person', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Neu', lastname: 'Karte' } });
    const v2 = await s.api('GET', `/api/card/company/card/${card.body.id}`, { token: t.user.token });
    expect(v2.body).toMatchObject({ kind: 'card', firstname: 'Neu', companyId: t.company.id, isActive: true });
    expect((await s.api('GET', `/api/card/company/card/gibt-es-nicht`, { token: admin })).status).toBe(404);
  });
});
