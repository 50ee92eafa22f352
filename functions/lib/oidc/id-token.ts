import { createLocalJWKSet, errors, jwtVerify } from 'jose';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import { httpJson } from '../http-json.ts';

// ID token checks of OpenID Connect Core 1.0, section 3.1.3.7, with jose: the signature against the
// provider's published keys (JWKS), the issuer, our client id as audience (and as `azp` when there
// are several audiences), expiry, and the nonce this sign-in sent.

/** Asymmetric algorithms only: an HS256 token "signed" with the client secret is never accepted. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Clock difference tolerated between the provider and us. */
const CLOCK_TOLERANCE_SECONDS = 60;

/** The provider's keys per JWKS address, kept for ten minutes; read again at once when a token names a key we do not have (rotation). */
const KEYS_MS = 10 * 60 * 1000;
const keySets = new Map<string, { at: number; keys: ReturnType<typeof createLocalJWKSet> }>();

async function keySet(jwksUri: string, fresh: boolean): Promise<ReturnType<typeof createLocalJWKSet>> {
  const hit = keySets.get(jwksUri);
  if (hit && !fresh && Date.now() - hit.at < KEYS_MS) return hit.keys;
  const res = await httpJson(jwksUri);
  const jwks = res.json as JSONWebKeySet | undefined;
  if (res.status !== 200 || !jwks || !Array.isArray(jwks.keys)) throw new IdTokenError(`JWKS nicht lesbar (HTTP ${res.status})`);
  const keys = createLocalJWKSet(jwks);
  keySets.set(jwksUri, { at: Date.now(), keys });
  return keys;
}

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
  const options = {
    issuer: o.issuer,
    audience: o.clientId,
    algorithms: ALGORITHMS,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ['sub', 'exp', 'iat', 'nonce'],
  };
  let payload: JWTPayload;
  try {
    try {
      ({ payload } = await jwtVerify(o.idToken, await keySet(o.jwksUri, false), options));
    } catch (err) {
      // A key we do not know yet: the provider may have rotated its keys since we read them.
      if (!(err instanceof errors.JWKSNoMatchingKey)) throw err;
      ({ payload } = await jwtVerify(o.idToken, await keySet(o.jwksUri, true), options));
    }
  } catch (err) {
    if (err instanceof IdTokenError) throw err;
    throw new IdTokenError(err instanceof Error ? `${err.name}: ${err.message}` : String(err));
  }
  if (payload.nonce !== o.nonce) throw new IdTokenError('nonce stimmt nicht');
  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (aud.length > 1 && payload.azp !== o.clientId) throw new IdTokenError('azp stimmt nicht');
  if (typeof payload.sub !== 'string' || !payload.sub) throw new IdTokenError('sub fehlt');
  return payload as IdTokenClaims;
}
