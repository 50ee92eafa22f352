import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { personMessages } from '../messages/person.ts';
import { blankAsAbsent, idSchema, optionalHttpLink, optionalText, pageOf, pageQuery, requiredEmail, requiredHttpLink, requiredText } from './common.ts';

const m = personMessages.errors;

// Contact types of spec §3; one entry per type, so the form hides "add" once all are used.
export const phoneTypes = ['work', 'cell'] as const;
export const emailTypes = ['work1', 'work2', 'work3', 'work4', 'work5'] as const;
export const personSocialTypes = ['facebook', 'instagram', 'linkedin', 'xing'] as const;

export type PhoneType = (typeof phoneTypes)[number];
export type EmailType = (typeof emailTypes)[number];
export type PersonSocialType = (typeof personSocialTypes)[number];

function contactType<T extends readonly [string, ...string[]]>(types: T) {
  return blankAsAbsent(z.enum(types, { error: () => m.typeRequired }));
}

/** A dialable number: digits with the usual separators, so a tel: link stays a phone number. */
const phoneValue = blankAsAbsent(
  z.string({ error: () => m.valueRequired })
    .check(z.trim(), z.maxLength(40, msg.validation.tooLong), z.regex(/^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/, m.phone)),
);

/** Upload file names as the upload route returns them; nothing that could leave the uploads folder. */
const filename = blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(200), z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.filename))));

const color = blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(7, m.color), z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.color))));

/** Every `type` in `list` at most once; the duplicate gets the message on its type field. */
function uniqueTypes<E extends { type: string }>(list: E[], ctx: z.core.$RefinementCtx<E[]>): void {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: m.typeTaken });
    seen.add(entry.type);
  });
}

export const telEntrySchema = z.object({ type: contactType(phoneTypes), value: phoneValue });
export const emailEntrySchema = z.object({ type: contactType(emailTypes), value: requiredEmail });
export const socialEntrySchema = z.object({ type: contactType(personSocialTypes), link: requiredHttpLink(500) });

export type TelEntry = z.output<typeof telEntrySchema>;
export type EmailEntry = z.output<typeof emailEntrySchema>;
export type SocialEntry = z.output<typeof socialEntrySchema>;

const personFields = {
  companyProfilId: requiredText(1, msg.validation.required, 64),
  adresseId: optionalText(64),
  nice: optionalText(50),
  firstname: requiredText(1, msg.validation.required, 100),
  lastname: requiredText(1, msg.validation.required, 100),
  position: optionalText(150),
  firmenname: optionalText(150),
  org: optionalText(150),
  url: optionalHttpLink(500),
  image: filename,
  imageWallet: filename,
  color,
  tel: z._default(z.array(telEntrySchema).check(z.maxLength(phoneTypes.length)), []).check(z.superRefine(uniqueTypes)),
  email: z._default(z.array(emailEntrySchema).check(z.maxLength(emailTypes.length)), []).check(z.superRefine(uniqueTypes)),
  social: z._default(z.array(socialEntrySchema).check(z.maxLength(personSocialTypes.length)), []).check(z.superRefine(uniqueTypes)),
};

/** Create: a new card is active unless the form says otherwise. */
export const createPersonSchema = z.object({ ...personFields, isActive: z._default(z.boolean(), true) });
export type CreatePersonInput = z.input<typeof createPersonSchema>;
export type PersonInput = z.output<typeof createPersonSchema>;

/**
 * Update: the whole card as the form holds it (omitted optional fields are cleared), with the
 * version the client last read so a concurrent edit is refused instead of overwritten.
 */
export const updatePersonSchema = z.object({
  ...personFields,
  isActive: z.optional(z.boolean()),
  version: z.number({ error: () => msg.validation.required }).check(z.int(), z.nonnegative()),
});
export type UpdatePersonInput = z.input<typeof updatePersonSchema>;

export const personSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyProfilId: z.string(),
  adresseId: z.optional(z.string()),
  nice: z.optional(z.string()),
  firstname: z.string(),
  lastname: z.string(),
  position: z.optional(z.string()),
  firmenname: z.optional(z.string()),
  org: z.optional(z.string()),
  url: z.optional(z.string()),
  image: z.optional(z.string()),
  imageWallet: z.optional(z.string()),
  color: z.optional(z.string()),
  tel: z.array(z.object({ type: z.enum(phoneTypes), value: z.string() })),
  email: z.array(z.object({ type: z.enum(emailTypes), value: z.string() })),
  social: z.array(z.object({ type: z.enum(personSocialTypes), link: z.string() })),
  isActive: z.boolean(),
  /** When the card was first switched on (and paid for): switching it on again costs nothing. */
  activatedAt: z.optional(z.string()),
  createdOn: z.string(),
  version: z.number().check(z.int()),
});
export type Person = z.output<typeof personSchema>;

/** The cards of one profile come in pages (a Lambda answer stays far below its 6 MB limit). */
export const personListQuery = pageQuery({ defaultLimit: 200, maxLimit: 500 });
export const personPageSchema = pageOf(personSchema);

export const personIdParams = z.object({ id: idSchema });
export const profileIdParams = z.object({ profileId: idSchema });
export const companyIdParams = z.object({ companyId: idSchema });
export const cardCountQuery = z.object({ companyId: requiredText(1, msg.validation.required, 64) });
export const cardCountSchema = z.array(z.object({ profileId: z.string(), count: z.number().check(z.int()) }));
