import { redirect } from 'react-router';
import { authSession } from '../../shared/api/routes/auth.ts';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { call } from './api/client.ts';
import { clearSession, getToken, isAdmin, setUser } from './session.ts';
import { NEXT_PARAM, paths } from './paths.ts';
import { showInfo } from './toast.tsx';
import { msg } from '../../shared/messages.ts';

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

/**
 * Loader of the session layout route: without a valid session the user goes home, to the login,
 * which then leads on to the page asked for (`?weiter=`).
 */
export async function requireSession(request: Request): Promise<PublicUser> {
  const user = await sessionUser();
  if (!user) throw redirect(loginFor(request));
  return user;
}

/** The login, with the page to go on to after it (none for the start page). */
function loginFor(request: Request): string {
  const url = new URL(request.url);
  const wanted = url.pathname + url.search;
  return wanted === paths.home ? paths.home : `${paths.home}?${new URLSearchParams({ [NEXT_PARAM]: wanted })}`;
}

/**
 * Loader for admin-only screens (spec §6): others are sent to their company page, told why (a
 * bookmark or a shared link should not just jump somewhere else).
 */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireSession(request);
  if (!isAdmin(user)) {
    showInfo(msg.shell.adminOnly);
    throw redirect(paths.cardCompany);
  }
  return user;
}
