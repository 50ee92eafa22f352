import { authLogin, authLogout, authSession } from '../../shared/api/routes/auth.ts';
import { authSsoFinish, authSsoStart } from '../../shared/api/routes/sso.ts';
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
  return keepSession(login.data.token);
}

/** Keeps a new token and the user it stands for (spec §4). */
async function keepSession(token: string): Promise<SignInResult> {
  setToken(token);
  const me = await call(authSession);
  if (!me.data) {
    clearSession();
    return { user: null, error: me.errorMessage ?? msg.errors.generic };
  }
  setSession(token, me.data);
  return { user: me.data, error: null };
}

/** The tab that started a company sign-in keeps its `state`, so only this tab can finish it (no sign-in pushed in from elsewhere). */
const SSO_STATE_KEY = 'ssoState';

/** "Mit Firmenkonto anmelden": answers the provider's address to go to, or the error to show. */
export async function startCompanySignIn(email: string, weiter: string | null): Promise<{ url: string } | { error: string }> {
  const res = await call(authSsoStart, { body: { email, weiter: weiter ?? undefined } });
  if (!res.data) return { error: res.fieldErrors?.email ?? res.errorMessage ?? msg.errors.generic };
  sessionStorage.setItem(SSO_STATE_KEY, res.data.state);
  return { url: res.data.url };
}

/** Back from the provider with `code` and `state`: the session, and the page asked for before the login. */
export async function finishCompanySignIn(code: string, state: string): Promise<SignInResult & { weiter?: string }> {
  const expected = sessionStorage.getItem(SSO_STATE_KEY);
  sessionStorage.removeItem(SSO_STATE_KEY);
  if (!expected || expected !== state) return { user: null, error: msg.sso.browserMismatch };
  const res = await call(authSsoFinish, { body: { code, state } });
  if (!res.data) return { user: null, error: res.errorMessage ?? msg.errors.generic };
  const result = await keepSession(res.data.token);
  return res.data.weiter ? { ...result, weiter: res.data.weiter } : result;
}

/** Ends the session on the server (all of the user's tokens) and forgets it here. */
export async function signOut(): Promise<void> {
  await call(authLogout);
  clearSession();
}
