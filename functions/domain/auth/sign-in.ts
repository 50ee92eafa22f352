import { UnauthenticatedError } from '../../lib/errors.ts';
import { msg } from '../../../shared/messages.ts';
import { dummyHash, verifyPassword } from '../../lib/auth/password.ts';
import { signToken } from '../../lib/auth/token.ts';
import { findUserByUsername } from '../users/find-user-by-username.ts';
import { releasePasswordAttempt, reservePasswordAttempt } from './throttle.ts';

/**
 * Checks the credentials and returns a token. A wrong username, a wrong password and an
 * inactive account all get the same answer and cost the same hash. `device` is the browser's id
 * from its last sign-in (throttle.ts); the answer carries a new one when it was unknown.
 */
export async function signIn(o: { username: string; password: string; ip: string; device?: string | undefined }): Promise<{ token: string; device?: string }> {
  const usernameLower = o.username.trim().toLowerCase();
  const attempt = await reservePasswordAttempt({ usernameLower, ip: o.ip, device: o.device });
  const user = await findUserByUsername({ username: usernameLower });
  const ok = await verifyPassword(o.password, user?.passwordHash ?? (await dummyHash()));
  if (!user || !ok || !user.isActive) throw new UnauthenticatedError(msg.errors.badCredentials);
  const { device } = await releasePasswordAttempt(attempt);
  return { token: await signToken({ userId: user.id, tokenVersion: user.tokenVersion }), ...(device ? { device } : {}) };
}
