import * as z from 'zod';
import { msg } from '../messages.ts';
import { blankAsAbsent, idSchema, optionalHttpLink, optionalText, pageOf, pageQuery, requiredEmail, requiredHttpLink, requiredText } from './common.ts';

const m = msg.person.errors;

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
  z.string({ error: () => m.valueRequired }).trim().max(40, msg.validation.tooLong)
    .regex(/^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/, m.phone),
);

/** Upload file names as the upload route returns them; nothing that could leave the uploads folder. */
const filename = blankAsAbsent(z.string().trim().max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.filename).optional());

const color = blankAsAbsent(z.string().trim().max(7, m.color).regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.color).optional());

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
  tel: z.array(telEntrySchema).max(phoneTypes.length).default([]).superRefine(uniqueTypes),
  email: z.array(emailEntrySchema).max(emailTypes.length).default([]).superRefine(uniqueTypes),
  social: z.array(socialEntrySchema).max(personSocialTypes.length).default([]).superRefine(uniqueTypes),
};

/** Create: a new card is active unless the form says otherwise. */
export const createPersonSchema = z.object({ ...personFields, isActive: z.boolean().default(true) });
export type CreatePersonInput = z.input<typeof createPersonSchema>;
export type PersonInput = z.output<typeof createPersonSchema>;

/**
 * Update: the whole card as the form holds it (omitted optional fields are cleared), with the
 * version the client last read so a concurrent edit is refused instead of overwritten.
 */
export const updatePersonSchema = z.object({
  ...personFields,
  isActive: z.boolean().optional(),
  version: z.number({ error: () => msg.validation.required }).int().nonnegative(),
});
export type UpdatePersonInput = z.input<typeof updatePersonSchema>;

export const personSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyProfilId: z.string(),
  adresseId: z.string().optional(),
  nice: z.string().optional(),
  firstname: z.string(),
  lastname: z.string(),
  position: z.string().optional(),
  firmenname: z.string().optional(),
  org: z.string().optional(),
  url: z.string().optional(),
  image: z.string().optional(),
  imageWallet: z.string().optional(),
  color: z.string().optional(),
  tel: z.array(z.object({ type: z.enum(phoneTypes), value: z.string() })),
  email: z.array(z.object({ type: z.enum(emailTypes), value: z.string() })),
  social: z.array(z.object({ type: z.enum(personSocialTypes), link: z.string() })),
  isActive: z.boolean(),
  /** When the card was first switched on (and paid for): switching it on again costs nothing. */
  activatedAt: z.string().optional(),
  createdOn: z.string(),
  version: z.number().int(),
  /** Present when the company's directory keeps this card (SCIM, issue 26): its fields of the directory are read-only in the back office. */
  scim: z.object({ userName: z.string(), externalId: z.string().optional() }).optional(),
});
export type Person = z.output<typeof personSchema>;

/** The cards of one profile come in pages (a Lambda answer stays far below its 6 MB limit). */
export const personListQuery = pageQuery({ defaultLimit: 200, maxLimit: 500 });
export const personPageSchema = pageOf(personSchema);

export const personIdParams = z.object({ id: idSchema });
export const profileIdParams = z.object({ profileId: idSchema });
export const companyIdParams = z.object({ companyId: idSchema });
export const cardCountQuery = z.object({ companyId: requiredText(1, msg.validation.required, 64) });
export const cardCountSchema = z.array(z.object({ profileId: z.string(), count: z.number().int() }));
