import { authLogin, authLogout, authSession } from '../../shared/api/routes/auth.ts';
import type { PublicUser } from '../../shared/schemas/user.ts';
import { msg } from '../../shared/messages.ts';
import { call } from './api/client.ts';
import { clearSession, getDevice, setDevice, setSession, setToken } from './session.ts';

export type SignInResult = { user: PublicUser; error: null } | { user: null; error: string };

/** Spec §4: send the credentials, keep the token, fetch and keep the current user. */
export async function signIn(username: string, password: string): Promise<SignInResult> {
  const device = getDevice();
  const login = await call(authLogin, { body: { username, password, ...(device ? { device } : {}) } });
  if (!login.data) return { user: null, error: login.errorMessage ?? msg.errors.generic };
  if (login.data.device) setDevice(login.data.device);
  setToken(login.data.token);
  const me = await call(authSession);
  if (!me.data) {
    clearSession();
    return { user: null, error: me.errorMessage ?? msg.errors.generic };
  }
  setSession(login.data.token, me.data);
  return { user: me.data, error: null };
}

/** Ends the session on the server (all of the user's tokens) and forgets it here. */
export async function signOut(): Promise<void> {
  await call(authLogout);
  clearSession();
}
