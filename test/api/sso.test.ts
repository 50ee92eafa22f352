import { readFile, readdir } from 'node:fs/promises';
import { UpdateCommand } from '../../functions/lib/dynamo.ts';
import { db } from '../../functions/lib/db.ts';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { createCompany, createUserToken } from '../helpers/card-fixtures.ts';
import { signInAtProvider, startTestProvider } from '../helpers/oidc-provider.ts';
import type { TestProvider } from '../helpers/oidc-provider.ts';
import { verifyIdToken } from '../../functions/lib/oidc/id-token.ts';

let s: TestServer;
let idp: TestProvider;
let redirectUri: string;
const domain = `${uniqueName('firma')}.example`;
let company: { id: string };

beforeAll(async () => {
  s = await startTestServer();
  redirectUri = `${s.baseUrl}/anmelden/firmenkonto`;
  idp = await startTestProvider({ redirectUri });
  company = await createCompany(s);
});
afterAll(async () => { await idp?.close(); await s?.close(); });

const settings = (extra: Record<string, unknown> = {}) => ({
  issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, domains: [domain], required: false, ...extra,
});

/** The whole sign-in as the browser makes it: start, the provider's login, back with code and state. */
async function ssoSignIn(email: string) {
  const start = await s.call('authSsoStart', { body: { email } });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const back = await signInAtProvider(start.body.url, email, redirectUri);
  expect(back.searchParams.get('state')).toBe(start.body.state);
  const code = back.searchParams.get('code')!;
  const finish = await s.call('authSsoFinish', { body: { code, state: start.body.state } });
  return { start, code, finish };
}

describe('provider settings', () => {
  test('admins save them; the client secret is stored outside the table and never answered', async () => {
    const admin = await s.adminToken();
    const before = await s.call('companySsoGet', { token: admin, params: { id: company.id } });
    expect(before.body).toMatchObject({ configured: false, redirectUri });

    const missingSecret = await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ clientSecret: '' }) });
    expect(missingSecret.status).toBe(400);
    expect(missingSecret.body.fieldErrors.clientSecret).toBe('Bitte das Client-Geheimnis angeben.');

    const badIssuer = await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ issuer: 'http://idp.example.com' }) });
    expect(badIssuer.status).toBe(400);
    expect(badIssuer.body.fieldErrors.issuer).toMatch(/https/);

    const saved = await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ domains: [domain.toUpperCase(), `@${domain}`] }) });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({
      configured: true, issuer: idp.issuer, clientId: idp.clientId, domains: [domain], required: false, hasClientSecret: true,
      redirectUri, updatedAt: expect.any(String),
    });
    const read = await s.call('companySsoGet', { token: admin, params: { id: company.id } });
    expect(JSON.stringify(read.body)).not.toContain(idp.clientSecret);
    const dir = `${s.uploadsDir}-secrets`;
    expect(await readdir(dir)).toEqual([company.id]);
    expect(await readFile(`${dir}/${company.id}`, 'utf8')).toBe(idp.clientSecret);

    // Saving again without a secret keeps the stored one.
    const kept = await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ clientSecret: undefined }) });
    expect(kept.status).toBe(200);
    expect(await readFile(`${dir}/${company.id}`, 'utf8')).toBe(idp.clientSecret);
  });

  test('a domain belongs to one company; company users cannot touch the settings', async () => {
    const other = await createCompany(s);
    const taken = await s.call('companySsoUpdate', { token: await s.adminToken(), params: { id: other.id }, body: settings() });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe(`Die Domain ${domain} ist bereits einem anderen Unternehmen zugeordnet.`);
    const user = await createUserToken(s);
    for (const [method, body] of [['GET', undefined], ['PUT', settings()], ['DELETE', undefined]] as const) {
      const res = await s.api(method, `/api/card/company/${company.id}/sso`, { token: user.token, body });
      expect(res.status).toBe(403);
    }
  });
});

describe('signing in with the company account', () => {
  test('an unknown person is created as a user of the company; the second sign-in finds them', async () => {
    const email = `erika.${uniqueName('m')}@${domain}`;
    idp.names.set(email, { given: 'Erika', family: 'Mustermann' });
    const first = await ssoSignIn(email);
    expect(first.finish.status, JSON.stringify(first.finish.body)).toBe(200);
    const me = await s.call('authSession', { token: first.finish.body.token });
    expect(me.body).toMatchObject({ username: email, email, firstname: 'Erika', lastname: 'Mustermann', companyIds: [company.id], userGroup: { group: 'user' } });
    const companyUsers = await s.call('companyGet', { token: await s.adminToken(), params: { id: company.id } });
    expect(JSON.stringify(companyUsers.body)).toContain(email);

    const second = await ssoSignIn(email.toUpperCase());
    expect(second.finish.status).toBe(200);
    const again = await s.call('authSession', { token: second.finish.body.token });
    expect(again.body.id).toBe(me.body.id);
    // No password was ever set: password sign-in cannot match.
    expect((await s.call('authLogin', { body: { username: email, password: 'beliebig-und-lang-genug' } })).status).toBe(401);
  });

  test('a known user of the company signs in by e-mail; a user of another company and a platform admin are not signed in by it', async () => {
    const admin = await s.adminToken();
    const email = `bekannt.${uniqueName('k')}@${domain}`;
    const username = uniqueName('bekannt');
    const made = await s.call('userCreate', { token: admin, body: { username, email, firstname: 'Bea', lastname: 'Kannt', password: 'Tulpe-Wolke-Kiesel-42', userGroupId: 'user', companyIds: [company.id] } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const known = await ssoSignIn(email);
    expect(known.finish.status).toBe(200);
    expect((await s.call('authSession', { token: known.finish.body.token })).body).toMatchObject({ id: made.body.id, username });

    // Username = the address, but a user of no company of this provider: not moved in.
    const stray = `fremd.${uniqueName('f')}@${domain}`;
    await s.call('userCreate', { token: admin, body: { username: stray, email: 'woanders@beispiel.de', firstname: 'Fre', lastname: 'Md', password: 'Tulpe-Wolke-Kiesel-42', userGroupId: 'user' } });
    const refused = await ssoSignIn(stray);
    expect(refused.finish.status).toBe(403);
    expect(refused.finish.body.message).toMatch(/nicht zu diesem Unternehmen gehört/);

    const boss = `chef.${uniqueName('a')}@${domain}`;
    await s.call('userCreate', { token: admin, body: { username: boss, email: boss, firstname: 'Ad', lastname: 'Min', password: 'Tulpe-Wolke-Kiesel-42', userGroupId: 'admin' } });
    const adminRefused = await ssoSignIn(boss);
    expect(adminRefused.finish.status).toBe(403);
    expect(adminRefused.finish.body.message).toBe('Administratoren der Plattform melden sich mit Benutzername und Passwort an.');
  });

  test('a replayed return (same code and state) is refused, and so is a state that expired', async () => {
    const email = `replay.${uniqueName('m')}@${domain}`;
    const first = await ssoSignIn(email);
    expect(first.finish.status).toBe(200);
    const replay = await s.call('authSsoFinish', { body: { code: first.code, state: first.start.body.state } });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/abgelaufen oder wurde bereits verwendet/);

    const start = await s.call('authSsoStart', { body: { email } });
    const back = await signInAtProvider(start.body.url, email, redirectUri);
    // Eleven minutes later: the stored sign-in is past its time (TTL removes items only eventually).
    await db().send(new UpdateCommand({
      TableName: s.tableName,
      Key: { pk: `SSOSTATE#${createHash('sha256').update(start.body.state).digest('base64url')}`, sk: 'SSOSTATE' },
      UpdateExpression: 'SET expiresAt = :past', ExpressionAttributeValues: { ':past': Math.floor(Date.now() / 1000) - 60 },
    }));
    const late = await s.call('authSsoFinish', { body: { code: back.searchParams.get('code') ?? '', state: start.body.state } });
    expect(late.status).toBe(400);
    const forged = await s.call('authSsoFinish', { body: { code: 'abc', state: 'erfunden' } });
    expect(forged.status).toBe(400);
  });

  test('an address of no configured domain is told to use the password', async () => {
    const res = await s.call('authSsoStart', { body: { email: 'jemand@unbekannt.example' } });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/keine Anmeldung mit Firmenkonto eingerichtet/);
  });

  test('SSO required: the company\'s users are refused password sign-in with a pointer to the button; admins keep it', async () => {
    const admin = await s.adminToken();
    const user = await createUserToken(s);
    await s.call('companyUpdate', { token: admin, params: { id: company.id }, body: { userIds: [user.id] } }).then((r) => expect(r.status, JSON.stringify(r.body)).toBe(200));
    expect((await s.call('authLogin', { body: { username: user.username, password: user.password } })).status).toBe(200);

    expect((await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ required: true, clientSecret: undefined }) })).status).toBe(200);
    const refused = await s.call('authLogin', { body: { username: user.username, password: user.password } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Für Ihr Unternehmen ist die Anmeldung mit Benutzername und Passwort abgeschaltet. Bitte melden Sie sich mit „Mit Firmenkonto anmelden“ an.');
    // A wrong password still says only that.
    expect((await s.call('authLogin', { body: { username: user.username, password: 'falsch-falsch-falsch' } })).status).toBe(401);
    expect((await s.call('authLogin', { body: ADMIN })).status).toBe(200);

    await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ required: false, clientSecret: undefined }) });
    expect((await s.call('authLogin', { body: { username: user.username, password: user.password } })).status).toBe(200);
  });
});

describe('ID tokens the provider (or someone on the way) gets wrong are refused at sign-in', () => {
  const payloadOf = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
  const now = () => Math.floor(Date.now() / 1000);

  test('tampered, expired, wrong audience and replayed tokens: 401, nobody signed in', async () => {
    const email = `angriff.${uniqueName('m')}@${domain}`;
    const cases: [string, (t: string) => Promise<string>][] = [
      ['tampered', async (t) => { const [h, , sig] = t.split('.'); return `${h}.${Buffer.from(JSON.stringify({ ...payloadOf(t), email: `chef@${domain}` })).toString('base64url')}.${sig}`; }],
      ['expired', async (t) => idp.sign({ ...payloadOf(t), iat: now() - 7200, exp: now() - 3600 })],
      ['wrong audience', async (t) => idp.sign({ ...payloadOf(t), aud: 'eine-andere-anwendung' })],
      // A token of an earlier sign-in, replayed into this one: its nonce is the earlier one's.
      ['replayed', async () => idp.issued[0]!],
    ];
    // The earlier sign-in whose token is replayed.
    expect((await ssoSignIn(email)).finish.status).toBe(200);
    for (const [name, change] of cases) {
      idp.tamper(change);
      try {
        const { finish } = await ssoSignIn(email);
        expect(finish.status, name).toBe(401);
        expect(finish.body.message, name).toMatch(/Anmeldebestätigung Ihres Unternehmens ist ungültig/);
        expect(finish.body.token, name).toBeUndefined();
      } finally {
        idp.tamper(undefined);
      }
    }
  });
});

describe('ID token checks (jose against the provider\'s JWKS)', () => {
  const jwksUri = () => `${idp.issuer}/jwks`;
  const now = () => Math.floor(Date.now() / 1000);
  const good = () => ({ iss: idp.issuer, aud: idp.clientId, sub: 'u1', nonce: 'n-1', iat: now(), exp: now() + 300, email: 'a@b.example' });
  const check = (idToken: string) => verifyIdToken({ idToken, issuer: idp.issuer, clientId: idp.clientId, jwksUri: jwksUri(), nonce: 'n-1' });

  test('a token as the provider signs it passes', async () => {
    await expect(check(await idp.sign(good()))).resolves.toMatchObject({ sub: 'u1' });
  });

  test('tampered, expired, wrong audience, wrong issuer, wrong nonce and unsigned tokens are refused', async () => {
    const token = await idp.sign(good());
    const [h, , sig] = token.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...good(), sub: 'admin' })).toString('base64url')}.${sig}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${Buffer.from(JSON.stringify(good())).toString('base64url')}.`;
    const cases: [string, string][] = [
      ['tampered', tampered],
      ['expired', await idp.sign({ ...good(), iat: now() - 3600, exp: now() - 600 })],
      ['wrong audience', await idp.sign({ ...good(), aud: 'eine-andere-app' })],
      ['wrong issuer', await idp.sign({ ...good(), iss: 'https://fremd.example' })],
      ['replayed into another sign-in (other nonce)', await idp.sign({ ...good(), nonce: 'n-0' })],
      ['without nonce', await idp.sign({ ...good(), nonce: undefined })],
      ['unknown key', await idp.sign(good(), { kid: 'fremder-schluessel' })],
      ['alg none', unsigned],
    ];
    for (const [name, t] of cases) await expect(check(t), name).rejects.toThrow();
  });
});

describe('the audit log (issue 27)', () => {
  const entries = async (query: Record<string, string>) => (await s.call('auditList', { token: await s.adminToken(), query: { companyId: company.id, ...query } })).body.items as Record<string, any>[];

  test('settings changes name their fields, never the secret; sign-ins by SSO, a created user and a refused sign-in are recorded', async () => {
    const admin = await s.adminToken();
    expect((await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ required: true }) })).status).toBe(200);
    expect((await s.call('companySsoUpdate', { token: admin, params: { id: company.id }, body: settings({ clientSecret: undefined, required: false }) })).status).toBe(200);
    const changes = (await entries({ objectId: company.id })).filter((e) => e.objectType === 'ssoSettings');
    expect(changes[0]).toMatchObject({ action: 'update', route: 'companySsoUpdate', actorRole: 'admin', fields: ['required'] });
    expect(changes[1]).toMatchObject({ action: 'update', fields: expect.arrayContaining(['clientSecret', 'required']) });
    expect(JSON.stringify(changes)).not.toContain(idp.clientSecret);

    const email = `protokoll.${uniqueName('p')}@${domain}`;
    idp.names.set(email, { given: 'Paula', family: 'Protokoll' });
    const signedIn = await ssoSignIn(email);
    expect(signedIn.finish.status).toBe(200);
    const userId = (await s.call('authSession', { token: signedIn.finish.body.token })).body.id as string;
    const mine = await entries({ objectId: userId });
    expect(mine.map((e) => e.action).sort()).toEqual(['create', 'signIn']);
    for (const e of mine) expect(e).toMatchObject({ actorId: userId, actorRole: 'user', companyId: company.id, route: 'authSsoFinish', detail: { method: 'sso' } });

    const boss = `chef2.${uniqueName('a')}@${domain}`;
    await s.call('userCreate', { token: admin, body: { username: boss, email: boss, firstname: 'Ad', lastname: 'Min', password: 'Tulpe-Wolke-Kiesel-42', userGroupId: 'admin' } });
    expect((await ssoSignIn(boss)).finish.status).toBe(403);
    const failed = (await entries({ objectId: 'unbekannt' })).find((e) => e.action === 'signInFailed' && e.detail?.method === 'sso');
    expect(failed).toMatchObject({ actorRole: 'unknown', companyId: company.id, detail: { reason: 'Administratoren der Plattform melden sich mit Benutzername und Passwort an.' } });
    expect(JSON.stringify(failed)).not.toContain(boss);
  });
});
