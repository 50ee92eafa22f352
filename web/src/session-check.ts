import { redirect } from 'react-router';
import { authSession } from '../../shared/api/routes/auth.ts';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { call } from './api/client.ts';
import { clearSession, getToken, isAdmin, setUser } from './session.ts';
import { paths } from './paths.ts';

// Every guarded navigation asks the server (spec §2), but one answer is trusted this long,
// so clicking through the back office does not wait for a round trip each time.
const FRESH_MS = 30_000;

let cached: { token: string; at: number; user: Promise<PublicUser | null> } | undefined;

/** The signed-in user according to GET /api/auth; null without a token or when the check fails. */
export function sessionUser(): Promise<PublicUser | null> {
  const token = getToken();
  if (!token) return Promise.resolve(null);
  if (cached && cached.token === token && Date.now() - cached.at < FRESH_MS) return cached.user;
  const user = call(authSession).then((res) => {
    if (res.data) {
      setUser(res.data);
      return res.data;
    }
    cached = undefined;
    // A refused token is worthless; a network failure leaves it for the next try.
    if (res.statusCode === 401) clearSession();
    return null;
  });
  cached = { token, at: Date.now(), user };
  return user;
}

/** The next guarded navigation asks the server again (after a change to the own account). */
export function forgetSessionAnswer(): void {
  cached = undefined;
}

/** Loader of the session layout route: without a valid session the user goes home. */
export async function requireSession(): Promise<PublicUser> {
  const user = await sessionUser();
  if (!user) throw redirect(paths.home);
  return user;
}

/** Loader for admin-only screens (spec §6): others are sent to their company page. */
export async function requireAdmin(): Promise<PublicUser> {
  const user = await requireSession();
  if (!isAdmin(user)) throw redirect(paths.cardCompany);
  return user;
}
