import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { createCompany, createProfile, createUserToken } from '../helpers/card-fixtures.ts';
import SCIMMY from 'scimmy';

// Directory sync (issue 26): the request sequences Microsoft Entra ID and Okta document for
// provisioning a user (find by userName, create, read, update, deactivate, delete), replayed
// against the SCIM endpoint, and what they do to the company's cards.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s?.close(); });

const SCIM = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

async function scim(token: string | undefined, method: string, path: string, body?: unknown, contentType = SCIM): Promise<{ status: number; headers: Headers; body: any }> {
  const res = await fetch(`${s.baseUrl}/api/scim/v2${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: SCIM, ...(body !== undefined ? { 'content-type': contentType } : {}) },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  const answer = { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
  readBack(answer.body);
  return answer;
}

// Every answer is read back by another SCIM implementation (SCIMMY) against RFC 7643's schemas:
// a User that breaks its schema (types, required attributes, meta) fails the test.
const userSchema = SCIMMY.Schemas.User.definition.extend(SCIMMY.Schemas.EnterpriseUser.definition);
function readBack(body: any): void {
  if (!body || typeof body !== 'object') return;
  const schemas: string[] = body.schemas ?? [];
  if (schemas.includes('urn:ietf:params:scim:api:messages:2.0:ListResponse')) {
    new SCIMMY.Messages.ListResponse(body);
    for (const r of body.Resources) if (r.schemas?.includes(USER) && r.userName) readBack(r);
  } else if (schemas.includes(USER) && body.id) {
    userSchema.coerce(body, 'out');
  } else if (schemas.includes('urn:ietf:params:scim:api:messages:2.0:Error')) {
    expect(body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: expect.stringMatching(/^[45]\d\d$/), detail: expect.any(String), ...(body.scimType ? { scimType: body.scimType } : {}) });
  }
}

/** A company with a profile for directory cards, its settings saved, and a token. */
async function directoryTenant(o: { credits?: number; deleteMode?: 'deactivate' | 'delete' } = {}) {
  const company = await createCompany(s, { credits: o.credits ?? 100 });
  const profile = await createProfile(s, company.id, { adressen: [{ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin' }] });
  const admin = await s.adminToken();
  const saved = await s.call('companyScimUpdate', { token: admin, params: { id: company.id }, body: { profileId: profile.id, deleteMode: o.deleteMode ?? 'deactivate' } });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const created = await s.call('companyScimTokenCreate', { token: admin, params: { id: company.id }, body: { label: 'Entra ID' } });
  expect(created.status).toBe(200);
  return { company, profile, token: created.body.token as string, tokenId: created.body.id as string };
}

const card = async (id: string) => (await s.call('personGet', { token: await s.adminToken(), params: { id: id } })).body;
const companyOf = async (id: string) => (await s.call('companyGet', { token: await s.adminToken(), params: { id: id } })).body;

describe('Microsoft Entra ID provisioning sequence', () => {
  test('find, create, read, update (multi- and single-valued), disable and delete', async () => {
    const t = await directoryTenant();
    const userName = `Test_User_${uniqueName('e')}@contoso.example`;
    // 1. Is the user there? (Entra queries by its matching attribute first.)
    const none = await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect(none.status).toBe(200);
    expect(none.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(none.body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // 2. Create (the body of Entra's documented "Create User" request, with our attributes).
    const externalId = '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef';
    const created = await scim(t.token, 'POST', '/Users', {
      schemas: [USER, ENTERPRISE],
      externalId,
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: 'erika.mustermann@contoso.example' }],
      meta: { resourceType: 'User' },
      name: { formatted: 'Erika Mustermann', familyName: 'Mustermann', givenName: 'Erika' },
      title: 'Vertrieb',
      phoneNumbers: [{ type: 'work', value: '+49 30 1234567' }, { type: 'mobile', value: '+49 170 7654321' }],
      [ENTERPRISE]: { department: 'Vertrieb Nord', organization: 'Contoso GmbH' },
      roles: [],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ userName, externalId, active: true, meta: { resourceType: 'User', location: `${s.baseUrl}/api/scim/v2/Users/${id}` } });
    const made = await card(id);
    expect(made).toMatchObject({
      firstname: 'Erika', lastname: 'Mustermann', position: 'Vertrieb', org: 'Vertrieb Nord', firmenname: 'Contoso GmbH', isActive: true,
      companyId: t.company.id, companyProfilId: t.profile.id, adresseId: t.profile.adressen[0]!.adresseId,
      email: [{ type: 'work1', value: 'erika.mustermann@contoso.example' }],
      tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '+49 170 7654321' }],
      scim: { userName, externalId },
    });
    // The activation was paid like one in the back office, booked as the directory's.
    expect((await companyOf(t.company.id)).credits).toBe(99);
    const history = await s.call('creditHistoryList', { token: await s.adminToken(), params: { id: t.company.id } });
    expect(history.body.items[0]).toMatchObject({ kind: 'activation', cardId: id, createdBy: 'directory', createdByName: 'Verzeichnis (SCIM)' });

    // 3. Read, by id and by the filter (userName is case-insensitive; externalId too as a match key).
    expect((await scim(t.token, 'GET', `/Users/${id}`)).body).toMatchObject({ id, userName });
    const found = await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}`);
    expect(found.body).toMatchObject({ totalResults: 1, Resources: [{ id }] });
    expect((await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent(`externalId eq "${externalId}"`)}`)).body.totalResults).toBe(1);

    // 4. Update [multi-valued properties]: "Replace" with a filtered path, as Entra writes it.
    const multi = await scim(t.token, 'PATCH', `/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'erika.neu@contoso.example' },
        { op: 'Replace', path: 'name.familyName', value: 'Musterfrau' },
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+49 171 1111111' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Vertrieb Süd' },
      ],
    });
    expect(multi.status, JSON.stringify(multi.body)).toBe(200);
    expect(await card(id)).toMatchObject({
      lastname: 'Musterfrau', org: 'Vertrieb Süd',
      email: [{ type: 'work1', value: 'erika.neu@contoso.example' }],
      tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '+49 171 1111111' }],
    });

    // 5. Update [single-valued properties]: a new userName.
    const newUserName = `renamed_${userName}`;
    const single = await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'userName', value: newUserName }] });
    expect(single.body.userName).toBe(newUserName);
    expect((await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).body.totalResults).toBe(0);
    expect((await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${newUserName}"`)}`)).body.totalResults).toBe(1);

    // 6. Disable: active false (Entra also sends it as the string "False").
    const disabled = await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(disabled.body.active).toBe(false);
    expect((await card(id)).isActive).toBe(false);
    expect((await companyOf(t.company.id)).cardCountActive).toBe(0);
    // Enabled again: already paid for, so free.
    await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect((await card(id)).isActive).toBe(true);
    expect((await companyOf(t.company.id)).credits).toBe(99);

    // 7. Delete: the card is deactivated and leaves the sync (company setting "deactivate"); the User is gone.
    const deleted = await scim(t.token, 'DELETE', `/Users/${id}`);
    expect(deleted.status).toBe(204);
    expect((await scim(t.token, 'GET', `/Users/${id}`)).status).toBe(404);
    const kept = await card(id);
    expect(kept.isActive).toBe(false);
    expect(kept.scim).toBeUndefined();
    expect((await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent(`userName eq "${newUserName}"`)}`)).body.totalResults).toBe(0);
  });

  test('with the company setting "delete", DELETE removes the card', async () => {
    const t = await directoryTenant({ deleteMode: 'delete' });
    const created = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `weg.${uniqueName('d')}@contoso.example`, name: { givenName: 'Weg', familyName: 'Damit' } });
    const id = created.body.id as string;
    expect((await companyOf(t.company.id)).cardCountTotal).toBe(1);
    expect((await scim(t.token, 'DELETE', `/Users/${id}`)).status).toBe(204);
    expect((await s.call('personGet', { token: await s.adminToken(), params: { id: id } })).status).toBe(404);
    expect((await companyOf(t.company.id)).cardCountTotal).toBe(0);
  });
});

describe('Okta provisioning sequence', () => {
  test('find with paging parameters, create, read, replace the profile (PUT), deactivate with a no-path PATCH', async () => {
    const t = await directoryTenant();
    const userName = `max.${uniqueName('o')}@okta.example`;
    const q = `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`;
    expect((await scim(t.token, 'GET', q)).body.totalResults).toBe(0);
    const body = {
      schemas: [USER], userName, name: { givenName: 'Max', familyName: 'Muster' },
      emails: [{ primary: true, value: userName, type: 'work' }], displayName: 'Max Muster', locale: 'de-DE', externalId: '00u1a2b3c4', groups: [], password: 'ignoriert', active: true,
    };
    const created = await scim(t.token, 'POST', '/Users', body, 'application/scim+json; charset=utf-8');
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(JSON.stringify(created.body)).not.toContain('ignoriert');
    expect((await scim(t.token, 'GET', q)).body.Resources[0].id).toBe(id);

    const replaced = await scim(t.token, 'PUT', `/Users/${id}`, { ...body, id, name: { givenName: 'Maximilian', familyName: 'Muster' }, title: 'Leitung' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(await card(id)).toMatchObject({ firstname: 'Maximilian', position: 'Leitung' });

    const deactivated = await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(deactivated.body.active).toBe(false);
    expect((await card(id)).isActive).toBe(false);
    // Reactivation (Okta: the same PATCH with true).
    await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true, 'name.givenName': 'Max' } }] });
    expect(await card(id)).toMatchObject({ isActive: true, firstname: 'Max' });
  });
});

describe('the audit log (issue 27)', () => {
  test('settings and tokens as the admin changed them; every directory write under its token, with the fields it changed', async () => {
    const t = await directoryTenant();
    const admin = await s.adminToken();
    const log = async (query: Record<string, string>) => (await s.call('auditList', { token: admin, query: { companyId: t.company.id, ...query } })).body.items as Record<string, any>[];
    expect((await log({ objectId: t.company.id })).find((e) => e.objectType === 'scimSettings')).toMatchObject({ action: 'update', route: 'companyScimUpdate', fields: ['profileId'] });
    expect((await log({ objectId: t.tokenId }))[0]).toMatchObject({ action: 'create', objectType: 'scimToken', route: 'companyScimTokenCreate', fields: ['label'] });

    const userName = `audit_${uniqueName('a')}@contoso.example`;
    const created = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName, active: true, name: { givenName: 'Anna', familyName: 'Audit' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'title', value: 'Einkauf' }] });
    await scim(t.token, 'PATCH', `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: false }] });
    expect((await scim(t.token, 'DELETE', `/Users/${id}`)).status).toBe(204);
    // Reads are not writes: no entry.
    expect((await scim(t.token, 'GET', `/Users/${id}`)).status).toBe(404);

    const entries = (await log({ objectId: id })).reverse();
    for (const e of entries) expect(e).toMatchObject({ actorId: `scim:${t.tokenId}`, actorName: 'Verzeichnis (SCIM): Entra ID', actorRole: 'directory', objectType: 'person', companyId: t.company.id });
    expect(entries.map((e) => [e.route, e.action])).toEqual([
      ['scimUserCreate', 'create'], ['scimUserPatch', 'update'], ['scimUserPatch', 'deactivate'], ['scimUserDelete', 'update'],
    ]);
    expect(entries[1]!.fields).toContain('position');
    expect(entries[2]!.fields).toContain('isActive');
    // The company setting "deactivate": the delete deactivated the card and ended its sync.
    expect(entries[3]!.fields).toEqual(expect.arrayContaining(['scim.userName']));
    expect(JSON.stringify(entries)).not.toContain('Anna');

    expect((await s.call('companyScimTokenDelete', { token: admin, params: { id: t.company.id, tokenId: t.tokenId } })).status).toBe(200);
    expect((await log({ objectId: t.tokenId }))[0]).toMatchObject({ action: 'delete', objectType: 'scimToken', route: 'companyScimTokenDelete' });
  });
});

describe('protocol rules', () => {
  test('uniqueness: a second user with the same userName or externalId is 409 uniqueness, in SCIM\'s error schema', async () => {
    const t = await directoryTenant();
    const userName = `doppelt.${uniqueName('u')}@contoso.example`;
    expect((await scim(t.token, 'POST', '/Users', { schemas: [USER], userName, externalId: 'ext-1' })).status).toBe(201);
    const again = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: userName.toUpperCase() });
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toMatch(/^application\/scim\+json/);
    expect(again.body).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '409', scimType: 'uniqueness', detail: `Der userName „${userName.toUpperCase()}“ ist in diesem Unternehmen bereits vergeben.` });
    expect((await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `x${userName}`, externalId: 'ext-1' })).body.scimType).toBe('uniqueness');
    expect((await companyOf(t.company.id)).cardCountTotal).toBe(1);
    // The same userName in another company is another user.
    const other = await directoryTenant();
    expect((await scim(other.token, 'POST', '/Users', { schemas: [USER], userName })).status).toBe(201);
  });

  test('no credit, no activation: a German SCIM error and no card; an inactive user is still created', async () => {
    const t = await directoryTenant({ credits: 0 });
    const refused = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `arm.${uniqueName('c')}@contoso.example`, active: true });
    expect(refused.status).toBe(409);
    expect(refused.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect(refused.body.detail).toMatch(/Credit/);
    expect((await companyOf(t.company.id)).cardCountTotal).toBe(0);
    const inactive = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `still.${uniqueName('c')}@contoso.example`, active: false });
    expect(inactive.status).toBe(201);
    const on = await scim(t.token, 'PATCH', `/Users/${inactive.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] });
    expect(on.status).toBe(409);
    expect((await card(inactive.body.id)).isActive).toBe(false);
  });

  test('paging with startIndex and count over all users', async () => {
    const t = await directoryTenant();
    for (const n of ['a', 'b', 'c', 'd', 'e']) await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `${n}@seiten.example`, active: false });
    const page = await scim(t.token, 'GET', '/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((r: { userName: string }) => r.userName)).toEqual(['b@seiten.example', 'c@seiten.example']);
    expect((await scim(t.token, 'GET', '/Users?count=0')).body).toMatchObject({ totalResults: 5, itemsPerPage: 0 });
  });

  test('tokens: missing, wrong and revoked tokens are 401; several work at once; tenants stay apart', async () => {
    const t = await directoryTenant();
    expect((await scim(undefined, 'GET', '/Users')).status).toBe(401);
    expect((await scim('vkscim_erfunden', 'GET', '/Users')).body.detail).toMatch(/ungültig oder wurde widerrufen/);
    const second = await s.call('companyScimTokenCreate', { token: await s.adminToken(), params: { id: t.company.id }, body: {} });
    expect((await scim(second.body.token, 'GET', '/Users')).status).toBe(200);
    const created = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `mandant.${uniqueName('t')}@contoso.example`, active: false });
    // Another company's token does not see or touch this company's users.
    const other = await directoryTenant();
    expect((await scim(other.token, 'GET', `/Users/${created.body.id}`)).status).toBe(404);
    expect((await scim(other.token, 'PATCH', `/Users/${created.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: true }] })).status).toBe(404);
    expect((await scim(other.token, 'DELETE', `/Users/${created.body.id}`)).status).toBe(404);
    // Revoked: the first stops, the second goes on (rotation without a gap).
    const listed = await s.call('companyScimGet', { token: await s.adminToken(), params: { id: t.company.id } });
    expect(listed.body.tokens).toHaveLength(2);
    expect(JSON.stringify(listed.body)).not.toContain(t.token);
    expect((await s.call('companyScimTokenDelete', { token: await s.adminToken(), params: { id: t.company.id, tokenId: t.tokenId } })).status).toBe(200);
    expect((await scim(t.token, 'GET', '/Users')).status).toBe(401);
    expect((await scim(second.body.token, 'GET', '/Users')).status).toBe(200);
  });

  test('bad requests get SCIM errors with German details', async () => {
    const t = await directoryTenant();
    // The PATCH bodies of this file are valid PatchOp messages to SCIMMY as well.
    // (SCIMMY's types know only lower-case ops; at run time it accepts Entra's "Replace" as RFC 7644 allows.)
    const entraAndOkta: ConstructorParameters<typeof SCIMMY.Messages.PatchOp>[0] = JSON.parse(JSON.stringify({ schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'emails[type eq "work"].value', value: 'a@b.example' }, { op: 'replace', value: { active: false } }] }));
    new SCIMMY.Messages.PatchOp(entraAndOkta);
    const filter = await scim(t.token, 'GET', `/Users?filter=${encodeURIComponent('displayName co "x"')}`);
    expect(filter.body).toMatchObject({ status: '400', scimType: 'invalidFilter' });
    expect((await scim(t.token, 'POST', '/Users', '{kaputt')).body).toMatchObject({ status: '400', scimType: 'invalidSyntax' });
    expect((await scim(t.token, 'POST', '/Users', { schemas: [USER] })).body.detail).toBe('userName fehlt.');
    expect((await scim(t.token, 'POST', '/Users', { userName: 'x@y.example' }, 'text/plain')).status).toBe(415);
    const made = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `p.${uniqueName('b')}@contoso.example`, active: false });
    const badOp = await scim(t.token, 'PATCH', `/Users/${made.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'title', value: 'x' }] });
    expect(badOp.body).toMatchObject({ status: '400', detail: 'Die Operation „move“ gibt es nicht (add, replace oder remove).' });
    const badPath = await scim(t.token, 'PATCH', `/Users/${made.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'emails[type ne "x"]', value: 'x' }] });
    expect(badPath.body.scimType).toBe('invalidPath');
    const badMail = await scim(t.token, 'PATCH', `/Users/${made.body.id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'title', value: 42 }] });
    expect(badMail.body.scimType).toBe('invalidValue');
  });

  test('ServiceProviderConfig, ResourceTypes and Schemas describe what works', async () => {
    const config = await scim(undefined, 'GET', '/ServiceProviderConfig');
    expect(config.body).toMatchObject({ patch: { supported: true }, bulk: { supported: false }, filter: { supported: true }, authenticationSchemes: [{ type: 'oauthbearertoken' }] });
    const types = await scim(undefined, 'GET', '/ResourceTypes');
    expect(types.body.Resources[0]).toMatchObject({ id: 'User', endpoint: '/Users', schema: USER, schemaExtensions: [{ schema: ENTERPRISE, required: false }] });
    const schemas = await scim(undefined, 'GET', '/Schemas');
    expect(schemas.body.Resources.map((r: { id: string }) => r.id)).toEqual([USER, ENTERPRISE]);
    expect((await scim(undefined, 'GET', `/Schemas/${ENTERPRISE}`)).body.attributes.map((a: { name: string }) => a.name)).toEqual(['department', 'organization']);
  });

  test('the back office shows synced cards and refuses changing what the directory owns', async () => {
    const t = await directoryTenant();
    const user = await createUserToken(s);
    await s.call('companyUpdate', { token: await s.adminToken(), params: { id: t.company.id }, body: { userIds: [user.id] } });
    const made = await scim(t.token, 'POST', '/Users', { schemas: [USER], userName: `bo.${uniqueName('r')}@contoso.example`, name: { givenName: 'Bea', familyName: 'Büro' }, title: 'Einkauf' });
    const cur = await card(made.body.id);
    const { id: _id, companyId: _c, createdOn: _o, activatedAt: _a, scim: _s, ...form } = cur;
    // Own fields (the website) save; a directory field does not.
    const ok = await s.call('personUpdate', { token: user.token, params: { id: cur.id }, body: { ...form, url: 'https://beispiel.de' } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const refused = await s.call('personUpdate', { token: user.token, params: { id: cur.id }, body: { ...form, version: ok.body.version, position: 'Chef' } });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.position).toBe('Wird über das Verzeichnis synchronisiert und kann hier nicht geändert werden.');
    // Company users manage their company's tokens; other companies' users cannot.
    expect((await s.call('companyScimTokenCreate', { token: user.token, params: { id: t.company.id }, body: {} })).status).toBe(200);
    const stranger = await createUserToken(s);
    expect((await s.call('companyScimGet', { token: stranger.token, params: { id: t.company.id } })).status).toBe(404);
  });
});
