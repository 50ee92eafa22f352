import { beforeAll, describe, expect, test } from 'vitest';
import { DeleteCommand, GetCommand, PutCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { useTestServer } from '../helpers/server.ts';
import { createBareTenant, createProfile } from '../helpers/card-fixtures.ts';
import { scanTable, storedAuditEntries } from '../helpers/audit.ts';
import { unzip } from './privacy-helpers.ts';

// A profile's customCss as typed lives in an item of its own beside the profile item (issue 9's
// read budget of the public card, which reads the profile item and needs only the scoped copy).
// The form routes read and write it; the profile item holds only the scoped copy; profiles saved
// before the split are read from their inline copy until their next save moves it.

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const CSS = '.name { color: #123456; }\n.position { letter-spacing: .02em }';
const SCOPED = '.vk-card-root .name { color: #123456; }\n.vk-card-root .position { letter-spacing: .02em }';

/** The profile's audit entries of one action, oldest first. */
const auditOf = async (objectId: string, action: string) => (await storedAuditEntries())
  .filter((e) => e.objectId === objectId && e.action === action).sort((x, y) => String(x.sk).localeCompare(String(y.sk)));

const stored = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;

/** Reads the profile and saves it with `changes`, as the profile form does. */
async function saveForm(profileId: string, token: string, changes: Record<string, unknown> = {}) {
  const current = await s.call('profileGet', { params: { id: profileId }, token });
  expect(current.status).toBe(200);
  const { id: _id, companyId: _c, cardCount: _n, createdAt: _a, updatedAt: _u, ...form } = current.body;
  return s.call('profileUpdate', { params: { id: profileId }, token, body: { ...form, ...changes } });
}

async function cardOn(profileId: string, token: string) {
  const res = await s.call('personCreate', { token, body: { companyProfilId: profileId, firstname: 'Eva', lastname: 'Ernst' } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

describe('profile CSS in an item of its own', () => {
  test('round trip through the form routes; the profile item keeps only the scoped copy', async () => {
    const t = await createBareTenant(s);
    const created = await s.call('profileCreate', { token: t.user.token, body: { companyId: t.company.id, profilname: 'Mit CSS', settings: { customCss: CSS } } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body.settings.customCss).toBe(CSS);
    const id = created.body.id;

    const profileItem = await stored(keys.profile(id));
    expect(profileItem?.settings).toBeDefined();
    expect(profileItem!.settings).not.toHaveProperty('customCss');
    expect(profileItem!.customCssScoped).toBe(SCOPED);
    expect(await stored(keys.profileCss(id))).toMatchObject({ css: CSS, companyId: t.company.id, ...keys.ownedProfileCss(t.company.id, id) });

    const got = await s.call('profileGet', { params: { id }, token: t.user.token });
    expect(got.body.settings.customCss).toBe(CSS);
    const list = await s.call('profileList', { params: { companyId: t.company.id }, token: t.user.token });
    expect(list.body.find((p) => p.id === id)?.settings.customCss).toBe(CSS);

    // A copy as the web app makes it (read the profile, create a new one from its content) carries the CSS.
    const { id: _id, cardCount: _n, version: _v, createdAt: _a, updatedAt: _u, ...content } = got.body;
    const copy = await s.call('profileCreate', { token: t.user.token, body: { ...content, profilname: 'Mit CSS Kopie' } });
    expect(copy.status, JSON.stringify(copy.body)).toBe(200);
    expect((await stored(keys.profileCss(copy.body.id)))?.css).toBe(CSS);
    expect((await stored(keys.profile(copy.body.id)))?.customCssScoped).toBe(SCOPED);

    // Changed: the CSS item follows, the profile item still holds no raw CSS, the audit names the field.
    const changed = await saveForm(id, t.user.token, { settings: { ...got.body.settings, customCss: '.name { color: red }' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.settings.customCss).toBe('.name { color: red }');
    expect((await s.call('profileGet', { params: { id }, token: t.user.token })).body.settings.customCss).toBe('.name { color: red }');
    expect((await stored(keys.profileCss(id)))?.css).toBe('.name { color: red }');
    expect((await stored(keys.profile(id)))!.settings).not.toHaveProperty('customCss');
    const audit = await auditOf(id, 'update');
    expect(audit.at(-1)?.fields).toContain('settings.customCss');

    // A card shows the scoped copy.
    const cardId = await cardOn(id, t.user.token);
    expect((await s.call('cardGet', { params: { id: cardId } })).body.profile.settings.customCss).toBe('.vk-card-root .name { color: red }');

    // Cleared: the CSS item is gone, the form shows none.
    const cleared = await saveForm(id, t.user.token, { settings: { ...changed.body.settings, customCss: '' } });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(await stored(keys.profileCss(id))).toBeUndefined();
    expect((await s.call('profileGet', { params: { id }, token: t.user.token })).body.settings.customCss).toBeNull();
  });

  test('another company reaches neither the profile nor its CSS; a refused save leaves the CSS item as it was', async () => {
    const a = await createBareTenant(s);
    const b = await createBareTenant(s);
    const profile = await createProfile(s, a.company.id, { settings: { customCss: CSS } });
    expect((await s.call('profileGet', { params: { id: profile.id }, token: b.user.token })).status).toBe(404);
    const list = await s.call('profileList', { params: { companyId: a.company.id }, token: b.user.token });
    expect(list.status).toBe(404);
    const form = (await s.call('profileGet', { params: { id: profile.id }, token: a.user.token })).body;
    const { id: _id, companyId: _c, cardCount: _n, createdAt: _a, updatedAt: _u, ...body } = form;
    const foreign = await s.call('profileUpdate', { params: { id: profile.id }, token: b.user.token, body: { ...body, settings: { ...body.settings, customCss: '.x { color: blue }' } } });
    expect(foreign.status).toBe(404);
    expect((await stored(keys.profileCss(profile.id)))?.css).toBe(CSS);
    expect((await s.call('profileDelete', { params: { id: profile.id }, token: b.user.token })).status).toBe(404);
    expect(await stored(keys.profileCss(profile.id))).toBeDefined();
  });

  test('a profile delete removes both items; a company delete leaves no CSS item behind', async () => {
    const t = await createBareTenant(s);
    await createProfile(s, t.company.id);
    const doomed = await createProfile(s, t.company.id, { settings: { customCss: CSS } });
    expect(await stored(keys.profileCss(doomed.id))).toBeDefined();
    expect((await s.call('profileDelete', { params: { id: doomed.id }, token: t.user.token })).status).toBe(200);
    expect(await stored(keys.profile(doomed.id))).toBeUndefined();
    expect(await stored(keys.profileCss(doomed.id))).toBeUndefined();

    const other = await createBareTenant(s);
    const kept = await createProfile(s, other.company.id, { settings: { customCss: CSS } });
    const gone = await createProfile(s, t.company.id, { settings: { customCss: CSS } });
    expect((await s.call('companyDelete', { params: { id: t.company.id }, token: admin })).status).toBe(200);
    expect(await stored(keys.profileCss(gone.id))).toBeUndefined();
    // Only the audit entries and the change record (both gone by TTL) name the company afterwards.
    expect((await scanTable()).filter((i) => i.companyId === t.company.id && i.type !== 'audit' && i.type !== 'cardChange')).toEqual([]);
    expect((await stored(keys.profileCss(kept.id)))?.css).toBe(CSS);
  });

  test('a profile saved before the split: read from its inline CSS, moved by the next save', async () => {
    const t = await createBareTenant(s);
    const profile = await createProfile(s, t.company.id, { settings: { customCss: CSS } });
    // The old shape, as the code before wrote it: raw CSS inline beside the scoped copy, no CSS item.
    const item = (await stored(keys.profile(profile.id)))!;
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...item, settings: { ...(item.settings as object), customCss: CSS } } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.profileCss(profile.id) }));
    expect(await stored(keys.profileCss(profile.id))).toBeUndefined();

    const got = await s.call('profileGet', { params: { id: profile.id }, token: t.user.token });
    expect(got.body.settings.customCss).toBe(CSS);
    const list = await s.call('profileList', { params: { companyId: t.company.id }, token: t.user.token });
    expect(list.body.find((p) => p.id === profile.id)?.settings.customCss).toBe(CSS);
    const cardId = await cardOn(profile.id, t.user.token);
    expect((await s.call('cardGet', { params: { id: cardId } })).body.profile.settings.customCss).toBe(SCOPED);

    const saved = await saveForm(profile.id, t.user.token, { claim: 'Neu' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.settings.customCss).toBe(CSS);
    const after = (await stored(keys.profile(profile.id)))!;
    expect(after.settings).not.toHaveProperty('customCss');
    expect(after.customCssScoped).toBe(SCOPED);
    expect((await stored(keys.profileCss(profile.id)))?.css).toBe(CSS);
    // Moving it is no change of the CSS: the audit names only what the form changed.
    const audit = await auditOf(profile.id, 'update');
    expect(audit.at(-1)?.fields).toEqual(['claim']);
    expect((await s.call('profileGet', { params: { id: profile.id }, token: t.user.token })).body.settings.customCss).toBe(CSS);
  });

  test("a card holder's DSGVO export shows the profile's CSS as typed (from its CSS item), not the scoped copy", async () => {
    const t = await createBareTenant(s);
    const profile = await createProfile(s, t.company.id, { settings: { customCss: CSS } });
    const cardId = await cardOn(profile.id, t.user.token);
    const res = await s.call('personDataExport', { params: { id: cardId }, token: t.user.token });
    expect(res.status).toBe(200);
    const json = JSON.parse(unzip(res.bytes)['visitenkarte.json']!.toString('utf8'));
    expect(json.profile.settings.customCss).toBe(CSS);
    expect(json.profile).not.toHaveProperty('customCssScoped');
  });
});
