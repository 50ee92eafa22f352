import { SignJWT, jwtVerify } from 'jose';
import { authSecret } from './secret.ts';
import { env } from '../env.ts';

const ISSUER = 'visitenkarten';

export interface TokenClaims {
  userId: string;
  /** Must equal the user's current tokenVersion; logout and password change raise it. */
  tokenVersion: number;
}

export async function signToken(claims: TokenClaims): Promise<string> {
  return new SignJWT({ tv: claims.tokenVersion })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${env().TOKEN_TTL_SECONDS}s`)
    .sign(await authSecret());
}

/** Null for any token that is malformed, forged or expired. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, await authSecret(), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    return { userId: payload.sub, tokenVersion: payload.tv };
  } catch {
    return null;
  }
}
