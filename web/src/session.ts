import type { PublicUser } from '../../shared/schemas/user.ts';
import { isAdminGroup } from '../../shared/roles.ts';

// Local storage keys of spec §3: token and user. Companies etc. are added by their screens.
const TOKEN = 'token';
const USER = 'user';
/** This browser's id for the sign-in throttle: with it, strangers' failed guesses never hold the user back. */
const DEVICE = 'device';

export function getDevice(): string | null {
  return localStorage.getItem(DEVICE);
}

export function setDevice(device: string): void {
  localStorage.setItem(DEVICE, device);
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN);
}

/** Only the token: the session check right after sign-in needs it before the user is known. */
export function setToken(token: string): void {
  localStorage.setItem(TOKEN, token);
}

export function setSession(token: string, user: PublicUser): void {
  localStorage.setItem(TOKEN, token);
  localStorage.setItem(USER, JSON.stringify(user));
}

export function setUser(user: PublicUser): void {
  localStorage.setItem(USER, JSON.stringify(user));
}

export function getUser(): PublicUser | null {
  const raw = localStorage.getItem(USER);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as PublicUser;
  } catch {
    return null;
  }
}

export function isAdmin(user: PublicUser | null): boolean {
  return isAdminGroup(user?.userGroup.group);
}

/**
 * Logout forgets everything this app keeps in the browser: token, user, companies, selection,
 * list sort and search. Clearing all of it (the origin is ours) cannot miss a key of a screen
 * that happened not to be loaded in this page session. Only the device id stays: it is no
 * session, just what lets the next sign-in past strangers' failed guesses.
 */
export function clearSession(): void {
  const device = getDevice();
  localStorage.clear();
  if (device) setDevice(device);
}
