import { scimMessages } from '../../../shared/messages/scim.ts';
import { ScimError } from './scim-error.ts';

// The SCIM User (RFC 7643 section 4.1, enterprise extension 4.3) as we keep it with a card: only the
// attributes that map to card fields, plus the match keys. Attribute names are case-insensitive
// (RFC 7643 section 2.1): read through `get`, written in their canonical spelling.

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

export interface ScimMulti { value: string; type?: string; primary?: boolean }

export interface ScimUserData {
  userName: string;
  externalId?: string;
  name?: { givenName?: string; familyName?: string; formatted?: string; honorificPrefix?: string };
  displayName?: string;
  title?: string;
  active: boolean;
  emails: ScimMulti[];
  phoneNumbers: ScimMulti[];
  department?: string;
  organization?: string;
}

const MAX_TEXT = 500;
const MAX_VALUES = 10;

/** A member of `o` by case-insensitive name. */
export function get(o: unknown, name: string): unknown {
  if (!o || typeof o !== 'object' || Array.isArray(o)) return undefined;
  const lower = name.toLowerCase();
  for (const [k, v] of Object.entries(o)) if (k.toLowerCase() === lower) return v;
  return undefined;
}

function text(v: unknown, what: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new ScimError(400, scimMessages.invalidValue(`${what} muss ein Text sein`), 'invalidValue');
  const t = v.normalize('NFC').trim();
  if (t.length > MAX_TEXT || /[\u0000-\u001f\u007f]/.test(t)) throw new ScimError(400, scimMessages.invalidValue(what), 'invalidValue');
  return t || undefined;
}

/** Booleans; Entra ID sends "True"/"False" as strings unless told otherwise, so those count too. */
export function bool(v: unknown, what: string): boolean | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw new ScimError(400, scimMessages.invalidValue(`${what} muss true oder false sein`), 'invalidValue');
}

function multi(v: unknown, what: string): ScimMulti[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ScimError(400, scimMessages.invalidValue(`${what} muss eine Liste sein`), 'invalidValue');
  if (v.length > MAX_VALUES) throw new ScimError(400, scimMessages.invalidValue(`${what}: höchstens ${MAX_VALUES} Einträge`), 'invalidValue');
  return v.flatMap((e): ScimMulti[] => {
    const value = text(get(e, 'value'), `${what}.value`);
    if (!value) return [];
    const type = text(get(e, 'type'), `${what}.type`)?.toLowerCase();
    const primary = bool(get(e, 'primary'), `${what}.primary`);
    return [{ value, ...(type ? { type } : {}), ...(primary ? { primary } : {}) }];
  });
}

const clean = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** A User resource as a directory sends it (POST, PUT, or the result of a PATCH), checked and reduced to what we keep. */
export function parseUser(resource: unknown): ScimUserData {
  if (!resource || typeof resource !== 'object' || Array.isArray(resource)) throw new ScimError(400, scimMessages.invalidJson, 'invalidSyntax');
  const userName = text(get(resource, 'userName'), 'userName');
  if (!userName) throw new ScimError(400, scimMessages.userNameRequired, 'invalidValue');
  const name = get(resource, 'name');
  const ext = get(resource, ENTERPRISE_SCHEMA);
  const n = clean({
    givenName: text(get(name, 'givenName'), 'name.givenName'),
    familyName: text(get(name, 'familyName'), 'name.familyName'),
    formatted: text(get(name, 'formatted'), 'name.formatted'),
    honorificPrefix: text(get(name, 'honorificPrefix'), 'name.honorificPrefix'),
  });
  return clean({
    userName,
    externalId: text(get(resource, 'externalId'), 'externalId'),
    name: Object.keys(n).length ? n : undefined,
    displayName: text(get(resource, 'displayName'), 'displayName'),
    title: text(get(resource, 'title'), 'title'),
    // RFC 7643: active has no default; a new user without it is active, as Entra ID and Okta mean it.
    active: bool(get(resource, 'active'), 'active') ?? true,
    emails: multi(get(resource, 'emails'), 'emails'),
    phoneNumbers: multi(get(resource, 'phoneNumbers'), 'phoneNumbers'),
    department: text(get(ext, 'department'), 'department'),
    organization: text(get(ext, 'organization'), 'organization'),
  });
}

/** The resource as we answer it (without `id` and `meta`), also the starting point of a PATCH. */
export function userResource(u: ScimUserData): Record<string, unknown> {
  const ext = clean({ department: u.department, organization: u.organization });
  return clean({
    schemas: [USER_SCHEMA, ...(Object.keys(ext).length ? [ENTERPRISE_SCHEMA] : [])],
    userName: u.userName,
    externalId: u.externalId,
    name: u.name,
    displayName: u.displayName,
    title: u.title,
    active: u.active,
    emails: u.emails.length ? u.emails : undefined,
    phoneNumbers: u.phoneNumbers.length ? u.phoneNumbers : undefined,
    [ENTERPRISE_SCHEMA]: Object.keys(ext).length ? ext : undefined,
  });
}
