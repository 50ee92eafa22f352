import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.adminToken();
});
afterAll(async () => { await s.close(); });

const PASSWORD = 'Gleis-Ahorn-Docht-19';
const BAD_CREDENTIALS = { message: 'Benutzername oder Passwort ist falsch.' };
const THROTTLED = 'Zu viele fehlgeschlagene Anmeldeversuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.';

async function createUser(extra: Record<string, unknown> = {}) {
  const res = await s.call('userCreate', { token: admin,
    body: { username: uniqueName(), email: 'max@example.de', firstname: 'Max', lastname: 'Muster', password: PASSWORD, userGroupId: 'user', ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; username: string; version: number };
}

let nextIp = 10;
/** A loopback address of its own (127.0.0.x), so each throttling test has a fresh per-address counter. */
function freshIp(): string {
  nextIp += 1;
  return `127.0.0.${nextIp}`;
}

/** A sign-in from a given client address (the local server reads it from the socket, as API Gateway does). */
async function loginFrom(ip: string, username: string, password: string): Promise<{ status: number; body: any; retryAfter: string | undefined }> {
  const res = await s.call('authLogin', { body: { username, password }, from: ip });
  return { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') ?? undefined };
}

describe('POST /api/auth (sign in)', () => {
  test('returns a token and this browser\'s device id; the username is case-insensitive and trimmed', async () => {
    const user = await createUser({ username: uniqueName('Gross') });
    const res = await s.call('authLogin', { body: { username: `  ${user.username.toLowerCase()} `, password: PASSWORD } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token', 'device']);
    expect(res.body.token.split('.')).toHaveLength(3);
  });

  test('missing fields are a 400 with German field errors', async () => {
    const res = await s.call('authLogin', { body: { username: ' ', password: '' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Im Formular sind Fehler vorhanden', fieldErrors: { username: 'Pflichtfeld', password: 'Pflichtfeld' } });
  });

  test('a wrong password and an unknown username get exactly the same answer', async () => {
    const user = await createUser();
    const ip = freshIp();
    const wrongPassword = await loginFrom(ip, user.username, 'falsch-123');
    const unknownUser = await loginFrom(ip, uniqueName('niemand'), PASSWORD);
    expect(wrongPassword.status).toBe(401);
    expect(unknownUser.status).toBe(401);
    expect(wrongPassword.body).toEqual(BAD_CREDENTIALS);
    expect(unknownUser.body).toEqual(wrongPassword.body);
  });

  // Issue 16, finding 2: 5 failures from ANY address used to lock the username everywhere.
  test('failures from one address hold back only that address; the user signs in from theirs (no lockout)', async () => {
    const user = await createUser();
    const other = await createUser();
    const home = freshIp();
    expect((await loginFrom(home, user.username, PASSWORD)).status).toBe(200);
    const attacker = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(attacker, user.username, `falsch-${i}-123`)).status).toBe(401);
    const refused = await loginFrom(attacker, user.username, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: THROTTLED });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(Number(refused.retryAfter)).toBeLessThanOrEqual(15 * 60);
    // More guesses change nothing for the user at their own address, in any case.
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(attacker, user.username, 'falsch-123')).status).toBe(429);
    expect((await loginFrom(home, user.username.toUpperCase(), PASSWORD)).status).toBe(200);
    expect((await loginFrom(attacker, other.username, PASSWORD)).status).toBe(200);
  });

  test('guessing from addresses the user never signed in from shares one budget per username', async () => {
    const user = await createUser();
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(freshIp(), user.username, `falsch-${i}-123`)).status).toBe(401);
    // A sixth unknown address gets nothing: the username's budget for strangers is spent.
    expect((await loginFrom(freshIp(), user.username, 'falsch-123')).status).toBe(429);
  });

  test('unknown usernames are throttled the same way as known ones', async () => {
    const ghost = uniqueName('geist');
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1) expect((await loginFrom(ip, ghost, PASSWORD)).status).toBe(401);
    const locked = await loginFrom(ip, ghost, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: THROTTLED });
  });

  test('parallel guesses cannot get past the limit: at most 5 are checked, the rest get 429', async () => {
    const user = await createUser();
    const ip = freshIp();
    const results = await Promise.all(Array.from({ length: 12 }, (_, i) => loginFrom(ip, user.username, `parallel-${i}-123`)));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((st) => st === 401)).toHaveLength(5);
    expect(statuses.filter((st) => st === 429)).toHaveLength(7);
    expect((await loginFrom(freshIp(), user.username, PASSWORD)).status).toBe(429);
  });

  test('a successful sign-in resets the username counter', async () => {
    const user = await createUser();
    const ip = freshIp();
    for (let i = 0; i < 4; i += 1) await loginFrom(ip, user.username, 'falsch-123');
    expect((await loginFrom(ip, user.username, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 4; i += 1) expect((await loginFrom(ip, user.username, 'falsch-123')).status).toBe(401);
    expect((await loginFrom(ip, user.username, PASSWORD)).status).toBe(200);
  });

  test('after 30 failures from one address it is held back (429); other addresses are not', async () => {
    const user = await createUser();
    const ip = freshIp();
    // Thirty different names, one failure each: no username reaches its own limit.
    for (let i = 0; i < 30; i += 1) expect((await loginFrom(ip, uniqueName('streu'), 'falsch-123')).status).toBe(401);
    const locked = await loginFrom(ip, user.username, PASSWORD);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: THROTTLED });
    expect((await loginFrom(freshIp(), user.username, PASSWORD)).status).toBe(200);
  }, 60_000);

  test('an inactive user cannot sign in and gets the usual answer', async () => {
    const user = await createUser({ isActive: false });
    const res = await loginFrom(freshIp(), user.username, PASSWORD);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(BAD_CREDENTIALS);
  });
});

describe('GET /api/auth (session check)', () => {
  test('returns the current user without secrets', async () => {
    const user = await createUser();
    const token = await s.login(user.username, PASSWORD);
    const res = await s.call('authSession', { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id, username: user.username, email: 'max@example.de', firstname: 'Max', lastname: 'Muster',
      userGroup: { id: 'user', group: 'user' }, isActive: true, companyIds: [], version: 1,
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password|scrypt|tokenVersion/i);
  });

  test('no token, a malformed token or a forged token: 401 with a German message', async () => {
    const none = await s.call('authSession');
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ message: 'Bitte melden Sie sich an.' });
    const garbage = await s.call('authSession', { token: 'kein.gueltiges.token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.message).toBe('Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.');
    const [header, payload] = admin.split('.');
    const forged = await s.call('authSession', { token: `${header}.${payload}.${'A'.repeat(43)}` });
    expect(forged.status).toBe(401);
  });
});

describe('token invalidation', () => {
  test('logout (DELETE /api/auth) ends every session of the user; signing in again works', async () => {
    const user = await createUser();
    const first = await s.login(user.username, PASSWORD);
    const second = await s.login(user.username, PASSWORD);
    const out = await s.call('authLogout', { token: first });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect((await s.call('authSession', { token: first })).status).toBe(401);
    expect((await s.call('authSession', { token: second })).status).toBe(401);
    expect((await s.call('authLogout', { token: first })).status).toBe(401);
    const fresh = await s.login(user.username, PASSWORD);
    expect((await s.call('authSession', { token: fresh })).status).toBe(200);
    expect((await s.call('authLogout')).status).toBe(401);
  });

  test('an edit that started before a logout cannot bring the old token back', async () => {
    const user = await createUser();
    const token = await s.login(user.username, PASSWORD);
    await s.call('authLogout', { token });
    const stale = await s.call('userAdminUpdate', { params: { id: user.id }, token: admin, body: { firstname: 'Später', version: user.version } });
    expect(stale.status).toBe(409);
    expect((await s.call('authSession', { token })).status).toBe(401);
  });

  test('changing the own password ends the old sessions; only the new password works', async () => {
    const user = await createUser();
    const token = await s.login(user.username, PASSWORD);
    const res = await s.call('userUpdate', { params: { id: user.id }, token, body: { currentPassword: PASSWORD, password: 'Ganz-neu-Lupe-456' } });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await s.call('authSession', { token })).status).toBe(401);
    expect((await loginFrom(freshIp(), user.username, PASSWORD)).status).toBe(401);
    const fresh = await s.login(user.username, 'Ganz-neu-Lupe-456');
    expect((await s.call('authSession', { token: fresh })).status).toBe(200);
  });

  test('a password set by an admin also ends the user\'s sessions', async () => {
    const user = await createUser();
    const token = await s.login(user.username, PASSWORD);
    expect((await s.call('userAdminUpdate', { params: { id: user.id }, token: admin, body: { password: 'Vom-Admin-Harfe-789' } })).status).toBe(200);
    expect((await s.call('authSession', { token })).status).toBe(401);
    await expect(s.login(user.username, 'Vom-Admin-Harfe-789')).resolves.toEqual(expect.any(String));
  });

  test('a deactivated user\'s token stops working at once; reactivated they can sign in again', async () => {
    const user = await createUser();
    const token = await s.login(user.username, PASSWORD);
    expect((await s.call('userGet', { params: { id: user.id }, token })).status).toBe(200);
    expect((await s.call('userAdminUpdate', { params: { id: user.id }, token: admin, body: { isActive: false } })).status).toBe(200);
    expect((await s.call('authSession', { token })).status).toBe(401);
    expect((await s.call('userGet', { params: { id: user.id }, token })).status).toBe(401);
    expect((await loginFrom(freshIp(), user.username, PASSWORD)).status).toBe(401);
    expect((await s.call('userAdminUpdate', { params: { id: user.id }, token: admin, body: { isActive: true } })).status).toBe(200);
    // Reactivating does not revive the old token.
    expect((await s.call('authSession', { token })).status).toBe(401);
    await expect(s.login(user.username, PASSWORD)).resolves.toEqual(expect.any(String));
  });
});
