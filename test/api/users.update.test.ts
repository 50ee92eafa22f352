import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { usersHelpers } from './users-helpers.ts';
import { GetCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { PASSWORD_RULES_VERSION } from '../../shared/password/rules.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { hashPassword } from '../../functions/lib/auth/password.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { PASSWORD, newUser, createUser, expectNoSecrets } = usersHelpers(s);

describe('PATCH /api/user/{id} (own account)', () => {
  test('changes own contact fields (trimmed) but neither username nor group', async () => {
    const me = await createUser();
    const res = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { firstname: ' Moritz ', email: 'moritz@example.de', currentPassword: PASSWORD, username: 'gekapert', userGroupId: 'admin', isActive: false } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstname: 'Moritz', email: 'moritz@example.de', username: me.user.username, userGroup: { id: 'user' }, isActive: true, version: 2 });
    expectNoSecrets(res.body);
    // Without a password change the session goes on.
    expect((await s.call('authSession', { token: me.token })).status).toBe(200);
  });

  test('validation of the editable fields', async () => {
    const me = await createUser();
    const res = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { firstname: 'M', lastname: '', email: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ firstname: 'Muss mindestens 2 Zeichen lang sein', lastname: 'Pflichtfeld', email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein' });
  });

  test('a user may not change another user (403)', async () => {
    const me = await createUser();
    const other = await createUser();
    const res = await s.call('userUpdate', { params: { id: other.user.id }, token: me.token, body: { firstname: 'Fremd' } });
    expect(res.status).toBe(403);
    expect((await s.call('userGet', { params: { id: other.user.id }, token: admin })).body.firstname).toBe('Max');
    const pw = await s.call('userUpdate', { params: { id: other.user.id }, token: me.token, body: { password: 'uebernommen-1', currentPassword: PASSWORD } });
    expect(pw.status).toBe(403);
    await expect(s.login(other.user.username, PASSWORD)).resolves.toEqual(expect.any(String));
  });

  test('changing the own password needs the current one', async () => {
    const me = await createUser();
    const missing = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { password: 'neues-passwort' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ currentPassword: 'Pflichtfeld' });
    const wrong = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { password: 'neues-passwort', currentPassword: 'falsch-123' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ message: 'Das aktuelle Passwort ist falsch.', fieldErrors: { currentPassword: 'Das aktuelle Passwort ist falsch.' } });
    const short = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { password: 'kurz', currentPassword: PASSWORD } });
    expect(short.status).toBe(400);
    expect(short.body.fieldErrors).toEqual({ password: 'Muss mindestens 12 Zeichen lang sein' });
    const weak = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { password: 'hallo12345678', currentPassword: PASSWORD } });
    expect(weak.status).toBe(400);
    expect(weak.body.fieldErrors.password).toMatch(/^Dieses Passwort ist zu leicht zu erraten\./);
    // Nothing changed: the old password and the session still work.
    expect((await s.call('authSession', { token: me.token })).status).toBe(200);
    await expect(s.login(me.user.username, PASSWORD)).resolves.toEqual(expect.any(String));
  });

  test('changing the own e-mail address needs the current password (issue 19)', async () => {
    const me = await createUser();
    const missing = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { email: 'neu@example.de' } });
    expect(missing.status).toBe(400);
    expect(missing.body.fieldErrors).toEqual({ currentPassword: 'Pflichtfeld' });
    const wrong = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { email: 'neu@example.de', currentPassword: 'Falsch-Falsch-99' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.fieldErrors).toEqual({ currentPassword: 'Das aktuelle Passwort ist falsch.' });
    expect((await s.call('userGet', { params: { id: me.user.id }, token: admin })).body.email).toBe('max@example.de');
    // The same address again is no change and needs nothing.
    expect((await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { email: 'max@example.de', lastname: 'Neu' } })).status).toBe(200);
    const ok = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { email: 'neu@example.de', currentPassword: PASSWORD } });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.email).toBe('neu@example.de');
    // Not a password change: the session goes on.
    expect((await s.call('authSession', { token: me.token })).status).toBe(200);
  });

  test('an account from before the 12-character rule signs in and is asked for a new password until it changes it (issue 19)', async () => {
    const me = await createUser();
    // As stored before issue 19: an 8-character password, never checked against today's rules.
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.user(me.user.id), UpdateExpression: 'SET passwordHash = :h REMOVE passwordRulesChecked', ExpressionAttributeValues: { ':h': await hashPassword('geheim12') } }));
    const token = await s.login(me.user.username, 'geheim12');
    const session = await s.call('authSession', { token });
    expect(session.status).toBe(200);
    expect(session.body.passwordOutdated).toBe(true);
    const changed = await s.call('userUpdate', { params: { id: me.user.id }, token, body: { password: 'Kiesel-Harfe-Zwirn-6', currentPassword: 'geheim12' } });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.passwordOutdated).toBeUndefined();
    const again = await s.login(me.user.username, 'Kiesel-Harfe-Zwirn-6');
    expect((await s.call('authSession', { token: again })).body.passwordOutdated).toBeUndefined();
    // A strong password never gets the flag.
    expect((await s.call('authSession', { token: me.token })).status).toBe(401);
  });

  test('the rules are checked once per password and name: later sign-ins skip the estimate, a new name is checked at the next one (issue 22: cold start of POST /api/auth)', async () => {
    const me = await createUser();
    const stored = async () => (await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(me.user.id) }))).Item!;
    expect((await stored()).passwordRulesChecked).toBe(PASSWORD_RULES_VERSION);
    // Checked when it was set: a sign-in does not estimate again (a weak hash slipped in stays unflagged).
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.user(me.user.id), UpdateExpression: 'SET passwordHash = :h', ExpressionAttributeValues: { ':h': await hashPassword('geheim12') } }));
    const token = await s.login(me.user.username, 'geheim12');
    expect((await s.call('authSession', { token })).body.passwordOutdated).toBeUndefined();
    // A new name: the next sign-in checks the password against it.
    const renamed = await s.call('userUpdate', { params: { id: me.user.id }, token, body: { lastname: 'Neuname' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect((await stored()).passwordRulesChecked).toBeUndefined();
    const again = await s.login(me.user.username, 'geheim12');
    expect((await s.call('authSession', { token: again })).body.passwordOutdated).toBe(true);
    expect((await stored()).passwordRulesChecked).toBe(PASSWORD_RULES_VERSION);
  });

  test('a blank password keeps the old one', async () => {
    const me = await createUser();
    const res = await s.call('userUpdate', { params: { id: me.user.id }, token: me.token, body: { password: '', currentPassword: '', lastname: 'Neu' } });
    expect(res.status).toBe(200);
    expect((await s.call('authSession', { token: me.token })).status).toBe(200);
    await expect(s.login(me.user.username, PASSWORD)).resolves.toEqual(expect.any(String));
  });
});

describe('PATCH /api/user/admin/{id}', () => {
  test('an admin edits every field; a blank password keeps the old one', async () => {
    const u = await createUser();
    const username = uniqueName('Umbenannt');
    const res = await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin,
      body: { username: ` ${username} `, email: 'neu@example.de', firstname: 'Erika', lastname: 'Mustermann', password: '', userGroupId: 'user', isActive: true, version: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...u.user, username, email: 'neu@example.de', firstname: 'Erika', lastname: 'Mustermann', version: 2 });
    expectNoSecrets(res.body);
    await expect(s.login(username, PASSWORD)).resolves.toEqual(expect.any(String));
    // The session survives an edit without a new password.
    expect((await s.call('authSession', { token: u.token })).status).toBe(200);
  });

  test("an admin cannot set their own password on the admin path (it needs the current one, on the account screen)", async () => {
    const me = await s.call('authSession', { token: admin });
    const res = await s.call('userAdminUpdate', { params: { id: me.body.id }, token: admin, body: { password: 'uebernommen-123' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ password: 'Das eigene Passwort bitte unter „Konto“ ändern (mit dem aktuellen Passwort).' });
    expect((await s.call('authSession', { token: admin })).status).toBe(200);
    const email = await s.call('userAdminUpdate', { params: { id: me.body.id }, token: admin, body: { email: 'anders@example.de' } });
    expect(email.status).toBe(400);
    expect(email.body.fieldErrors).toEqual({ email: 'Die eigene E-Mail-Adresse bitte unter „Konto“ ändern (mit dem aktuellen Passwort).' });
    expect((await s.call('authSession', { token: admin })).body.email).toBe(me.body.email);
  });

  test('edit validation: same rules as create, blank required fields are refused', async () => {
    const u = await createUser();
    const res = await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin, body: { username: 'a', email: 'nix', firstname: '', lastname: 'L', password: 'kurz' } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({
      username: 'Muss mindestens 2 Zeichen lang sein', email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
      firstname: 'Pflichtfeld', lastname: 'Muss mindestens 2 Zeichen lang sein', password: 'Muss mindestens 12 Zeichen lang sein',
    });
    const group = await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin, body: { userGroupId: 'gibt-es-nicht' } });
    expect(group.status).toBe(400);
    expect(group.body.fieldErrors).toEqual({ userGroupId: 'Diese Benutzergruppe gibt es nicht.' });
    expect((await s.call('userGet', { params: { id: u.user.id }, token: admin })).body).toEqual(u.user);
  });

  test('renaming: a taken name (any case) is 409, the old name becomes free, the list follows', async () => {
    const a = await createUser();
    const b = await createUser();
    const taken = await s.call('userAdminUpdate', { params: { id: b.user.id }, token: admin, body: { username: a.user.username.toUpperCase() } });
    expect(taken.status).toBe(409);
    expect(taken.body.fieldErrors).toEqual({ username: 'Dieser Benutzername ist bereits vergeben.' });

    const tag = uniqueName('sort').toLowerCase();
    await s.call('userAdminUpdate', { params: { id: a.user.id }, token: admin, body: { username: `a-${tag}` } });
    await s.call('userAdminUpdate', { params: { id: b.user.id }, token: admin, body: { username: `b-${tag}` } });
    const renamed = await s.call('userAdminUpdate', { params: { id: a.user.id }, token: admin, body: { username: `c-${tag}` } });
    expect(renamed.status).toBe(200);
    const list = await s.call('userList', { query: { search: tag }, token: admin });
    expect(list.body.map((u: { username: string }) => u.username)).toEqual([`b-${tag}`, `c-${tag}`]);

    const reuse = await s.call('userCreate', { token: admin, body: newUser({ username: a.user.username }) });
    expect(reuse.status).toBe(200);
  });

  test('a stale version is refused with 409 and changes nothing', async () => {
    const u = await createUser();
    expect((await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin, body: { firstname: 'Erste', version: 1 } })).status).toBe(200);
    const stale = await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin, body: { firstname: 'Zweite', version: 1 } });
    expect(stale.status).toBe(409);
    expect((await s.call('userGet', { params: { id: u.user.id }, token: admin })).body.firstname).toBe('Erste');
  });

  test('a new group takes effect at once: admin rights come and go', async () => {
    const u = await createUser();
    expect((await s.call('userList', { token: u.token })).status).toBe(403);
    await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin, body: { userGroupId: 'admin' } });
    expect((await s.call('userList', { token: u.token })).status).toBe(200);
    await s.call('userAdminUpdate', { params: { id: u.user.id }, token: admin, body: { userGroupId: 'user' } });
    expect((await s.call('userList', { token: u.token })).status).toBe(403);
  });

  test('a non-admin may not use the admin path, not even for themselves (403)', async () => {
    const u = await createUser();
    const res = await s.call('userAdminUpdate', { params: { id: u.user.id }, token: u.token, body: { userGroupId: 'admin' } });
    expect(res.status).toBe(403);
    expect((await s.call('authSession', { token: u.token })).body.userGroup.id).toBe('user');
  });

  test('an admin can neither deactivate themselves nor leave the admin group', async () => {
    const a = await createUser({ userGroupId: 'admin' });
    const off = await s.call('userAdminUpdate', { params: { id: a.user.id }, token: a.token, body: { isActive: false } });
    expect(off.status).toBe(400);
    expect(off.body.fieldErrors).toEqual({ isActive: 'Sie können sich nicht selbst deaktivieren oder sich die Administratorrechte entziehen.' });
    const demote = await s.call('userAdminUpdate', { params: { id: a.user.id }, token: a.token, body: { userGroupId: 'user' } });
    expect(demote.status).toBe(400);
    expect(Object.keys(demote.body.fieldErrors)).toEqual(['userGroupId']);
    // Another admin may do both.
    expect((await s.call('userAdminUpdate', { params: { id: a.user.id }, token: admin, body: { userGroupId: 'user' } })).status).toBe(200);
  });
});
