import { createHash } from 'node:crypto';
import { NotFoundError } from '../../lib/errors.ts';
import { ssoMessages as m } from '../../../shared/messages/sso.ts';
import { discover } from '../../lib/oidc/discovery.ts';
import { companyForDomain, getSsoConfig, redirectUri } from './sso-config.ts';
import { putSsoState, randomToken } from './sso-state.ts';

/**
 * "Mit Firmenkonto anmelden": the e-mail's domain picks the company's provider; the answer is the
 * provider's authorization URL (code flow with PKCE S256, `state` and `nonce`), where the browser goes next.
 * `login_hint` saves the user typing the address again.
 */
export async function startSso(o: { email: string; weiter?: string | undefined }): Promise<{ url: string; state: string }> {
  const domain = o.email.split('@').pop()!.toLowerCase();
  const companyId = await companyForDomain(domain);
  const config = companyId ? await getSsoConfig(companyId) : undefined;
  if (!companyId || !config) throw new NotFoundError(m.noProvider);
  const metadata = await discover(config.issuer);
  const nonce = randomToken();
  const codeVerifier = randomToken();
  const state = await putSsoState({ companyId, nonce, codeVerifier, ...(o.weiter ? { weiter: o.weiter } : {}) });
  const url = new URL(metadata.authorization_endpoint);
  url.search = new URLSearchParams({
    ...Object.fromEntries(url.searchParams),
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    scope: 'openid email profile',
    state,
    nonce,
    code_challenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    code_challenge_method: 'S256',
    login_hint: o.email,
  }).toString();
  return { url: url.toString(), state };
}
