import * as z from 'zod/mini';
import { createPersonSchema } from '../../../shared/schemas/person.ts';
import type { PersonInput } from '../../../shared/schemas/person.ts';
import { scimMessages } from '../../../shared/messages/scim.ts';
import { ScimError } from './scim-error.ts';
import type { ScimMulti, ScimUserData } from './scim-resource.ts';

/** The card fields the directory owns: read-only in the back office for a synced card. */
export const DIRECTORY_FIELDS = ['firstname', 'lastname', 'position', 'email', 'tel', 'org', 'firmenname', 'isActive'] as const;
export type DirectoryFields = Pick<PersonInput, (typeof DIRECTORY_FIELDS)[number]>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/;

/** Primary first, then work, then the rest in the directory's order. */
function ordered(list: ScimMulti[]): ScimMulti[] {
  const rank = (e: ScimMulti) => (e.primary ? 0 : e.type === 'work' ? 1 : 2);
  return [...list].sort((a, b) => rank(a) - rank(b));
}

/**
 * The card fields a SCIM User sets: name (given/family, else the display name, else the userName),
 * title as position, up to five e-mail addresses (work1 the primary or work one), the work and the
 * mobile number, department as organisation, the enterprise organisation as the shown company name.
 */
export function cardFieldsOf(u: ScimUserData): DirectoryFields {
  const words = (u.displayName ?? u.name?.formatted ?? '').split(/\s+/).filter(Boolean);
  const firstname = u.name?.givenName ?? (words.length > 1 ? words.slice(0, -1).join(' ') : words[0]) ?? u.userName.split('@')[0]!;
  const lastname = u.name?.familyName ?? (words.length > 1 ? words.at(-1)! : '-');
  const emails = [...new Set(ordered(u.emails).map((e) => e.value.toLowerCase()).filter((v) => EMAIL.test(v) && v.length <= 254))].slice(0, 5);
  const phone = (type: string) => u.phoneNumbers.find((p) => p.type === type && PHONE.test(p.value) && p.value.length <= 40)?.value;
  const work = phone('work');
  const mobile = phone('mobile') ?? phone('cell');
  const fields = {
    firstname: firstname.slice(0, 100),
    lastname: lastname.slice(0, 100),
    position: u.title?.slice(0, 150),
    email: emails.map((value, i) => ({ type: `work${i + 1}` as const, value })),
    tel: [...(work ? [{ type: 'work' as const, value: work }] : []), ...(mobile ? [{ type: 'cell' as const, value: mobile }] : [])],
    org: u.department?.slice(0, 150),
    firmenname: u.organization?.slice(0, 150),
    isActive: u.active,
  };
  // Checked by the card's own rules, so a synced card is one the form could have saved.
  const parsed = z.pick(createPersonSchema, { firstname: true, lastname: true, position: true, email: true, tel: true, org: true, firmenname: true, isActive: true }).safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ScimError(400, scimMessages.invalidValue(`${issue.path.join('.')}: ${issue.message}`), 'invalidValue');
  }
  return parsed.data;
}

/** True when `input` changes a field the directory owns (the back office may not). */
export function changesDirectoryFields(current: Partial<DirectoryFields>, input: Partial<DirectoryFields>): string | undefined {
  const norm = (v: unknown) => JSON.stringify(v ?? null);
  return DIRECTORY_FIELDS.find((f) => input[f] !== undefined && norm(input[f]) !== norm(current[f])
    // An optional field sent empty is absent: clearing it is a change too.
    || (input[f] === undefined && f !== 'isActive' && current[f] !== undefined && !(Array.isArray(current[f]) && (current[f] as unknown[]).length === 0)));
}
