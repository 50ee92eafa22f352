import { authSecret } from './secret.ts';
import { env } from '../env.ts';

const ISSUER = 'visitenkarten';

let jose: Promise<typeof import('./jose-session.ts')> | undefined;

/**
 * jose on the first token a process signs or checks: its own chunk, which public routes (the card
 * page, wallet links) never load although the handler wrapper imports this module. The dynamic
 * import is here and not around the session module: every module of the session's graph that
 * routes share (errors, the user read) was then a chunk file of its own on every signed-in cold start.
 */
function loadJose(): Promise<typeof import('./jose-session.ts')> {
  jose ??= import('./jose-session.ts');
  return jose;
}

export interface TokenClaims {
  userId: string;
  /** Must equal the user's current tokenVersion; logout and password change raise it. */
  tokenVersion: number;
}

export async function signToken(claims: TokenClaims): Promise<string> {
  const { SignJWT } = await loadJose();
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
  const { jwtVerify } = await loadJose();
  try {
    const { payload } = await jwtVerify(token, await authSecret(), { issuer: ISSUER, algorithms: ['HS256'] });
    if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
    return { userId: payload.sub, tokenVersion: payload.tv };
  } catch {
    return null;
  }
}
