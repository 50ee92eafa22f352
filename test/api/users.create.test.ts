import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { usersHelpers } from './users-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { PASSWORD, newUser, createUser, expectNoSecrets } = usersHelpers(s);

describe('POST /api/user', () => {
  test('creates a trimmed, active user and never returns the password', async () => {
    const username = uniqueName('Neu');
    const res = await s.call('userCreate', { token: admin,
      body: { username: `  ${username} `, email: ' anna@example.de ', firstname: ' Anna ', lastname: ' Berg ', password: PASSWORD, userGroupId: 'user' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(String), username, email: 'anna@example.de', firstname: 'Anna', lastname: 'Berg',
      userGroup: { id: 'user', group: 'user' }, isActive: true, companyIds: [], version: 1,
    });
    expectNoSecrets(res.body);
    await expect(s.login(username, PASSWORD)).resolves.toEqual(expect.any(String));
  });

  test('every field is required; blank strings count as absent', async () => {
    // Nothing at all, on purpose.
    const empty = await s.call('userCreate', { token: admin, rawBody: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      message: 'Im Formular sind Fehler vorhanden',
      fieldErrors: { username: 'Pflichtfeld', email: 'Pflichtfeld', firstname: 'Pflichtfeld', lastname: 'Pflichtfeld', password: 'Pflichtfeld', userGroupId: 'Pflichtfeld' },
    });
    const blank = await s.call('userCreate', { token: admin, body: { username: '  ', email: '', firstname: ' ', lastname: '', password: '   ', userGroupId: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual(empty.body.fieldErrors);
  });

  test.each([
    ['username', 'a', 'Muss mindestens 2 Zeichen lang sein'],
    ['username', ' a ', 'Muss mindestens 2 Zeichen lang sein'],
    ['firstname', 'A', 'Muss mindestens 2 Zeichen lang sein'],
    ['lastname', 'B', 'Muss mindestens 2 Zeichen lang sein'],
    ['email', 'keine-adresse', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['email', 'a@', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
    ['password', '1234567', 'Muss mindestens 12 Zeichen lang sein'],
    ['userGroupId', 'gibt-es-nicht', 'Diese Benutzergruppe gibt es nicht.'],
  ])('%s = %j is refused with "%s" and nothing is created', async (field, value, message) => {
    const before = (await s.call('userList', { token: admin })).body.length;
    const res = await s.call('userCreate', { token: admin, body: newUser({ [field]: value }) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ [field]: message });
    expect((await s.call('userList', { token: admin })).body.length).toBe(before);
  });

  test('the minimum lengths are inclusive', async () => {
    // Each test file has a table of its own, so this 2-character name is free.
    const res = await s.call('userCreate', { token: admin, body: newUser({ username: 'xy', firstname: 'Al', lastname: 'Bo', password: 'Fluss-Ofen-1' }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ username: 'xy', firstname: 'Al', lastname: 'Bo' });
  });

  test.each([
    ['a common password, long enough', 'passwort1234'],
    ['a keyboard walk', 'qwertzuiop123'],
    ['a German word and a year', 'Sonnenschein2024'],
    ['the product\'s name', 'Visitenkarten2026'],
  ])('%s is refused with the strength estimate\'s German reason (issue 19)', async (_name, password) => {
    const res = await s.call('userCreate', { token: admin, body: newUser({ password }) });
    expect(res.status, password).toBe(400);
    expect(res.body.fieldErrors.password).toMatch(/^Dieses Passwort ist zu leicht zu erraten\./);
  });

  test('a password holding the username or the mailbox name is refused (issue 19)', async () => {
    for (const body of [
      newUser({ username: 'sonnenblume7', password: 'Sonnenblume7-Zwirn' }),
      newUser({ email: 'tulpenfeld@example.de', password: 'Harfe-TULPENFELD-9' }),
    ]) {
      const res = await s.call('userCreate', { token: admin, body });
      expect(res.status).toBe(400);
      expect(res.body.fieldErrors).toEqual({ password: 'Das Passwort darf weder den Benutzernamen noch den Namensteil der E-Mail-Adresse enthalten.' });
    }
  });

  test('usernames are unique regardless of case (409)', async () => {
    const { user } = await createUser();
    const res = await s.call('userCreate', { token: admin, body: newUser({ username: user.username.toUpperCase() }) });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ message: 'Dieser Benutzername ist bereits vergeben.', fieldErrors: { username: 'Dieser Benutzername ist bereits vergeben.' } });
  });

  test('two simultaneous creations of one name: exactly one wins', async () => {
    const username = uniqueName('race');
    const results = await Promise.all([1, 2, 3].map(() => s.call('userCreate', { token: admin, body: newUser({ username }) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  test('only admins create users (403), anonymous callers get 401', async () => {
    const { token } = await createUser();
    const res = await s.call('userCreate', { token, body: newUser() });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Für diese Aktion fehlen Ihnen die Berechtigungen.');
    expect((await s.call('userCreate', { body: newUser() })).status).toBe(401);
  });
});

describe('companies of a user (the user form, issue 24)', () => {
  const company = async (org: string) => {
    const res = await s.call('companyCreate', { token: admin, body: { org: uniqueName(org) } });
    expect(res.status).toBe(200);
    return res.body as { id: string; version: number };
  };
  const usersOf = async (id: string) => (await s.call('companyGet', { params: { id }, token: admin })).body as { users: { id: string }[]; version: number };

  test('a new user is assigned to companies in the same write; the companies list them and their versions move', async () => {
    const a = await company('Erste ');
    const b = await company('Zweite ');
    const res = await s.call('userCreate', { token: admin, body: newUser({ companyIds: [b.id, a.id] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.companyIds).toEqual([a.id, b.id].sort());
    for (const c of [a, b]) {
      const now = await usersOf(c.id);
      expect(now.users.map((u) => u.id)).toEqual([res.body.id]);
      expect(now.version).toBe(c.version + 1);
    }
    // The user's own session sees their companies.
    const token = await s.login(res.body.username, PASSWORD);
    expect((await s.call('companyList', { token })).body.map((c: { id: string }) => c.id).sort()).toEqual([a.id, b.id].sort());
  });

  test('an unknown company refuses the whole create (400 on companyIds), nothing is written', async () => {
    const a = await company('Bleibt ');
    const username = uniqueName('ohne');
    const res = await s.call('userCreate', { token: admin, body: newUser({ username, companyIds: [a.id, 'gibt-es-nicht'] }) });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ companyIds: 'Dieses Unternehmen gibt es nicht (mehr).' });
    expect((await usersOf(a.id)).users).toEqual([]);
    expect((await s.call('userList', { query: { search: username }, token: admin })).body).toEqual([]);
    const twice = await s.call('userCreate', { token: admin, body: newUser({ companyIds: [a.id, a.id] }) });
    expect(twice.status).toBe(400);
    expect(twice.body.fieldErrors).toEqual({ companyIds: 'Jedes Unternehmen nur einmal' });
  });

  test('the admin edit sets the complete assignment: joined and left in one write, other edits of the user keep them', async () => {
    const a = await company('Alt ');
    const b = await company('Neu ');
    const { user } = await createUser({ companyIds: [a.id] });
    const moved = await s.call('userAdminUpdate', { params: { id: user.id }, token: admin, body: { companyIds: [b.id], version: user.version } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.companyIds).toEqual([b.id]);
    expect((await usersOf(a.id)).users).toEqual([]);
    expect((await usersOf(b.id)).users.map((u) => u.id)).toEqual([user.id]);
    const renamed = await s.call('userAdminUpdate', { params: { id: user.id }, token: admin, body: { firstname: 'Moritz', version: moved.body.version } });
    expect(renamed.body.companyIds).toEqual([b.id]);
    // The own-account path knows no assignments: a company user cannot join a company (the field is dropped).
    const self = await s.call('userUpdate', { params: { id: user.id }, token: await s.login(user.username, PASSWORD), body: { companyIds: [a.id] } });
    expect(self.body.companyIds).toEqual([b.id]);
    expect((await usersOf(a.id)).users).toEqual([]);
  });
});

describe('GET /api/user and /api/user/group', () => {
  test('lists users sorted by username with a case-insensitive search (prefix or substring)', async () => {
    const tag = uniqueName('Such').toLowerCase();
    const a = await createUser({ username: `b-${tag}` });
    const b = await createUser({ username: `A-${tag.toUpperCase()}-x` });
    const other = await createUser();

    const res = await s.call('userList', { query: { search: tag.toUpperCase() }, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.map((u: { id: string }) => u.id)).toEqual([b.user.id, a.user.id]);
    expectNoSecrets(res.body);

    const prefix = await s.call('userList', { query: { search: `a-${tag}` }, token: admin });
    expect(prefix.body.map((u: { id: string }) => u.id)).toEqual([b.user.id]);

    const all = await s.call('userList', { token: admin });
    const ids = all.body.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.user.id, b.user.id, other.user.id]));
    const names = all.body.map((u: { username: string }) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expectNoSecrets(all.body);

    const blank = await s.call('userList', { query: { search: '  ' }, token: admin });
    expect(blank.body.length).toBe(all.body.length);
  });

  test('groups: admin and user', async () => {
    const res = await s.call('userGroups', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(expect.arrayContaining([{ id: 'admin', group: 'admin' }, { id: 'user', group: 'user' }]));
  });

  test('a non-admin may neither list users nor read the groups (403)', async () => {
    const { token } = await createUser();
    expect((await s.call('userList', { token })).status).toBe(403);
    expect((await s.call('userGroups', { token })).status).toBe(403);
    expect((await s.call('userList')).status).toBe(401);
  });
});

describe('GET /api/user/{id}', () => {
  test('a user reads themselves, not others (403); an admin reads anyone; unknown ids 404', async () => {
    const me = await createUser();
    const other = await createUser();
    const self = await s.call('userGet', { params: { id: me.user.id }, token: me.token });
    expect(self.status).toBe(200);
    expect(self.body).toEqual(me.user);
    expectNoSecrets(self.body);
    expect((await s.call('userGet', { params: { id: other.user.id }, token: me.token })).status).toBe(403);
    expect((await s.call('userGet', { params: { id: other.user.id }, token: admin })).body).toEqual(other.user);
    const missing = await s.call('userGet', { params: { id: 'gibt-es-nicht' }, token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Konnte Benutzer nicht finden');
  });
});
