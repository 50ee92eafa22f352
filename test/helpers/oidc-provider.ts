import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import type { JWK, JWTPayload } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID Provider for the tests (the npm package oidc-provider), on a free port of this
// machine, with its development login screen: any login name, any password. The login name is the
// account; its e-mail is the login when it contains an @. Consent is granted by the provider
// itself (a first-party client), as company providers do for an app the IT department registered.

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Signs a token with the provider's own key: for tokens the provider would never issue (expired, foreign audience). */
  sign(payload: JWTPayload, o?: { kid?: string }): Promise<string>;
  /** Names shown for a login (`given_name`, `family_name`). */
  names: Map<string, { given: string; family: string }>;
  /**
   * Changes the ID token in the token endpoint's next answers (a provider gone wrong or a token
   * swapped on the way): `undefined` again answers what the provider issued.
   */
  tamper(change: ((idToken: string) => Promise<string>) | undefined): void;
  /** The ID tokens the token endpoint answered, newest last. */
  issued: string[];
  close(): Promise<void>;
}

export async function startTestProvider(o: { redirectUri: string }): Promise<TestProvider> {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const clientId = 'visitenkarten-test';
  const clientSecret = 'geheim-' + Math.random().toString(36).slice(2) + Math.random().toString(36).slice(2);
  const names = new Map<string, { given: string; family: string }>();

  // Listening first: the issuer is the provider's own address.
  const { createServer } = await import('node:http');
  let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | undefined;
  let change: ((idToken: string) => Promise<string>) | undefined;
  const issued: string[] = [];
  const server: Server = createServer((req, res) => {
    if (req.method === 'POST' && req.url?.startsWith('/token')) {
      // The token endpoint's JSON answer, read before it leaves (headers are not sent before `end`).
      const chunks: Buffer[] = [];
      const end = res.end.bind(res) as (body?: unknown) => unknown;
      res.write = ((c: unknown) => { chunks.push(Buffer.from(c as Buffer)); return true; }) as typeof res.write;
      res.end = ((c?: unknown) => {
        if (c && typeof c !== 'function') chunks.push(Buffer.from(c as Buffer));
        const text = Buffer.concat(chunks).toString('utf8');
        let body: { id_token?: string } | undefined;
        try { body = JSON.parse(text); } catch { body = undefined; }
        if (!body?.id_token) { end(text); return res; }
        const original = body.id_token;
        void (change ? change(original) : Promise.resolve(original)).then((token) => {
          issued.push(original);
          const out = JSON.stringify({ ...body, id_token: token });
          res.setHeader('content-length', Buffer.byteLength(out));
          end(out);
        });
        return res;
      }) as typeof res.end;
    }
    handler!(req, res);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [o.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    jwks: { keys: [jwk] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
    // ID tokens carry the claims (not only the userinfo endpoint), as Entra ID and Okta do for `email profile`.
    conformIdTokenClaims: false,
    findAccount: (_ctx: unknown, id: string) => ({
      accountId: id,
      claims: () => {
        const n = names.get(id);
        return {
          sub: id,
          ...(id.includes('@') ? { email: id, email_verified: true } : {}),
          ...(n ? { given_name: n.given, family_name: n.family, name: `${n.given} ${n.family}` } : {}),
        };
      },
    }),
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
  } as any);
  // oidc-provider warns on stdout about development-only settings (the login screen, the in-memory store): expected here.
  provider.on('server_error', (_ctx: unknown, err: Error) => { console.error('oidc-provider', err); });
  handler = provider.callback() as any;

  return {
    issuer,
    clientId,
    clientSecret,
    names,
    issued,
    tamper: (c) => { change = c; },
    sign: async (payload, so = {}) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: so.kid ?? jwk.kid! }).sign(privateKey),
    close: () => new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    }),
  };
}

/**
 * Signs in at the provider the way a browser does, without one: follows the redirects with the
 * provider's cookies, submits the login form, and answers the address the provider sent the
 * browser back to (our redirect URI with `code` and `state`, or `error`).
 */
export async function signInAtProvider(authorizationUrl: string, login: string, redirectUri: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authorizationUrl;
  let init: RequestInit = {};
  for (let step = 0; step < 12; step++) {
    if (url.startsWith(redirectUri)) return new URL(url);
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookieHeader() } });
    keep(res);
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      init = {};
      continue;
    }
    const html = await res.text();
    const action = html.match(/<form[^>]*action="([^"]+)"/)?.[1];
    if (!action) throw new Error(`Anbieterseite ohne Formular (${res.status}): ${html.slice(0, 300)}`);
    const prompt = html.match(/name="prompt" value="(\w+)"/)?.[1] ?? 'login';
    url = new URL(action.replaceAll('&amp;', '&'), url).toString();
    init = {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'beliebig' } : { prompt }).toString(),
    };
  }
  throw new Error('Zu viele Schritte beim Anbieter');
}
