import { ForbiddenError, UnauthenticatedError, UnavailableError, ValidationError } from '../../lib/errors.ts';
import { recordAudit } from '../audit/record-audit.ts';
import type { AuditChange } from '../audit/audit-scope.ts';
import { isAdminGroup } from '../../../shared/roles.ts';
import { ssoMessages as m } from '../../../shared/messages/sso.ts';
import { log } from '../../lib/log.ts';
import { discover } from '../../lib/oidc/discovery.ts';
import type { ProviderMetadata } from '../../lib/oidc/discovery.ts';
import { IdTokenError, verifyIdToken } from '../../lib/oidc/id-token.ts';
import { getClientSecret } from '../../lib/oidc/client-secrets.ts';
import { httpJson } from '../../lib/http-json.ts';
import type { JsonAnswer } from '../../lib/http-json.ts';
import { signToken } from '../../lib/auth/token.ts';
import { getSsoConfig, redirectUri } from './sso-config.ts';
import type { SsoConfigItem } from './sso-config.ts';
import { takeSsoState } from './sso-state.ts';
import { ssoUser } from './sso-user.ts';

/** client_secret_basic unless the provider offers only client_secret_post (RFC 6749 section 2.3.1). */
function clientAuth(metadata: ProviderMetadata, clientId: string, secret: string): { headers: Record<string, string>; body: Record<string, string> } {
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  if (!methods.includes('client_secret_basic') && methods.includes('client_secret_post')) {
    return { headers: {}, body: { client_id: clientId, client_secret: secret } };
  }
  const basic = Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(secret)}`).toString('base64');
  return { headers: { authorization: `Basic ${basic}` }, body: {} };
}

/** The authorization code for the ID token at the provider's token endpoint (with the PKCE verifier). */
async function exchangeCode(o: { metadata: ProviderMetadata; config: SsoConfigItem; code: string; codeVerifier: string }): Promise<string> {
  const secret = await getClientSecret(o.config.companyId);
  if (!secret) throw new UnavailableError(m.providerUnreachable);
  const auth = clientAuth(o.metadata, o.config.clientId, secret);
  let res: JsonAnswer;
  try {
    res = await httpJson(o.metadata.token_endpoint, {
      method: 'POST',
      timeoutMs: 8000,
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...auth.headers },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: o.code, redirect_uri: redirectUri(), code_verifier: o.codeVerifier, ...auth.body }).toString(),
    });
  } catch (err) {
    log('warn', 'sso token endpoint unreachable', { companyId: o.config.companyId, error: String(err) });
    throw new UnavailableError(m.providerUnreachable);
  }
  const answer = (res.json ?? {}) as { id_token?: unknown; error?: string; error_description?: string };
  if (res.status !== 200 || typeof answer.id_token !== 'string') {
    // invalid_grant: a code used twice or too late; the provider's words go to the log, the user gets ours.
    log('warn', 'sso token endpoint refused', { companyId: o.config.companyId, status: res.status, error: answer.error, description: answer.error_description });
    throw new UnauthenticatedError(m.providerRefused);
  }
  return answer.id_token;
}

/**
 * Finishes "Mit Firmenkonto anmelden" when the provider sent the browser back with `code` and
 * `state`: the state is taken (single use, unexpired), the code exchanged, the ID token verified
 * (signature by the provider's JWKS, issuer, audience, expiry, nonce), and the person signed in,
 * created on the first visit as a user of the company.
 */
export async function finishSso(o: { code: string; state: string }): Promise<{ token: string; weiter?: string }> {
  const started = await takeSsoState(o.state);
  if (!started) throw new ValidationError(m.stateInvalid);
  const config = await getSsoConfig(started.companyId);
  if (!config) throw new ValidationError(m.stateInvalid);
  try {
    return await signedInBySso({ config, code: o.code, codeVerifier: started.codeVerifier, nonce: started.nonce, weiter: started.weiter });
  } catch (err) {
    // A refused company sign-in is a failed sign-in (audit log), named by company only: who tried is not known for sure.
    if (err instanceof UnauthenticatedError || err instanceof ForbiddenError) {
      await recordAudit({
        actor: {},
        changes: [{ action: 'signInFailed', objectType: 'session', objectId: 'unbekannt', companyId: config.companyId, fields: [], detail: { method: 'sso', reason: err.message } }],
        route: 'authSsoFinish',
      });
    }
    throw err;
  }
}

/** The code exchanged, the ID token verified, the person found (or created) and signed in. */
async function signedInBySso(o: { config: SsoConfigItem; code: string; codeVerifier: string; nonce: string; weiter?: string | undefined }): Promise<{ token: string; weiter?: string }> {
  const { config } = o;
  const metadata = await discover(config.issuer);
  const idToken = await exchangeCode({ metadata, config, code: o.code, codeVerifier: o.codeVerifier });
  let claims;
  try {
    claims = await verifyIdToken({ idToken, issuer: config.issuer, clientId: config.clientId, jwksUri: metadata.jwks_uri, nonce: o.nonce });
  } catch (err) {
    if (!(err instanceof IdTokenError)) throw err;
    log('warn', 'sso id token refused', { companyId: config.companyId, reason: err.message });
    throw new UnauthenticatedError(m.tokenInvalid);
  }
  const { user, created } = await ssoUser({ config, claims });
  const changes: AuditChange[] = [
    ...(created ? [{ action: 'create' as const, objectType: 'user', objectId: user.id, companyId: config.companyId, fields: ['email', 'firstname', 'lastname'], detail: { method: 'sso' } }] : []),
    { action: 'signIn', objectType: 'session', objectId: user.id, companyId: config.companyId, fields: [], detail: { method: 'sso' } },
  ];
  await recordAudit({ actor: { id: user.id, username: user.username, isAdmin: isAdminGroup(user.userGroup.group) }, changes, route: 'authSsoFinish' });
  return { token: await signToken({ userId: user.id, tokenVersion: user.tokenVersion }), ...(o.weiter ? { weiter: o.weiter } : {}) };
}
