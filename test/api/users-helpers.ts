import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';

// Setup shared by the users API tests (users.create, users.update), bound to the file's server.
export function usersHelpers(s: TestServer) {
  let admin = '';
  beforeAll(async () => { admin = await s.adminToken(); });
  const PASSWORD = 'Gleis-Ahorn-Docht-19';

  function newUser(extra: Record<string, unknown> = {}) {
    return { username: uniqueName(), email: 'max@example.de', firstname: 'Max', lastname: 'Muster', password: PASSWORD, userGroupId: 'user', ...extra };
  }

  /** Creates a user as admin and signs them in. */
  async function createUser(extra: Record<string, unknown> = {}) {
    const body = newUser(extra);
    const res = await s.call('userCreate', { token: admin, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const password = String(body.password);
    return { user: res.body, password, token: await s.login(res.body.username, password) };
  }

  /** No route may ever send a password, its hash or the token version. */
  function expectNoSecrets(body: unknown) {
    const text = JSON.stringify(body);
    expect(text).not.toMatch(/password|scrypt|tokenVersion/i);
  }
  return { PASSWORD, newUser, createUser, expectNoSecrets };
}
