import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

// ID token checks of OpenID Connect Core 1.0, section 3.1.3.7, with jose: the signature against the
// provider's published keys (JWKS), the issuer, our client id as audience (and as `azp` when there
// are several audiences), expiry, and the nonce this sign-in sent.

/** Asymmetric algorithms only: an HS256 token "signed" with the client secret is never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Clock difference tolerated between the provider and us. */
const CLOCK_TOLERANCE_SECONDS = 60;

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export interface IdTokenClaims extends JWTPayload {
  sub: string;
  email?: string;
  email_verified?: boolean | string;
  given_name?: string;
  family_name?: string;
  name?: string;
  preferred_username?: string;
  nonce?: string;
  azp?: string;
}

export class IdTokenError extends Error {}

export async function verifyIdToken(o: { idToken: string; issuer: string; clientId: string; jwksUri: string; nonce: string }): Promise<IdTokenClaims> {
  let keySet = keySets.get(o.jwksUri);
  if (!keySet) {
    keySet = createRemoteJWKSet(new URL(o.jwksUri), { timeoutDuration: 5000 });
    keySets.set(o.jwksUri, keySet);
  }
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(o.idToken, keySet, {
      issuer: o.issuer,
      audience: o.clientId,
      algorithms: ALGORITHMS,
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
    }));
  } catch (err) {
    throw new IdTokenError(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
  if (payload.nonce !== o.nonce) throw new IdTokenError('nonce stimmt nicht');
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (aud.length > 1 && payload.azp !== o.clientId) throw new IdTokenError('azp stimmt nicht');
  if (typeof payload.sub !== 'string' || !payload.sub) throw new IdTokenError('sub fehlt');
  return payload as IdTokenClaims;
}
