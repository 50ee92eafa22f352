import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { profileMessages } from '../messages/profile.ts';
import { DEFAULT_THEME } from '../card/themes.ts';
import { blankAsAbsent, idSchema, optionalHttpLink, optionalText, requiredHttpLink, requiredText, safeString } from './common.ts';

const m = profileMessages;

/** Social networks a profile can link (spec §3: the person's four plus youtube and tiktok). */
export const profileSocialTypes = ['facebook', 'instagram', 'linkedin', 'xing', 'youtube', 'tiktok'] as const;
export type ProfileSocialType = (typeof profileSocialTypes)[number];

/** Themes (names, labels, picker lists) are plain data in shared/card/themes.ts; unknown names fall back to the default. */
export { DEFAULT_THEME } from '../card/themes.ts';

const hex = (fallback: string) =>
  blankAsAbsent(z._default(z.string().check(z.trim(), z.maxLength(7, m.colorInvalid), z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.colorInvalid)), fallback));

/** Pixel offsets and sizes of the logo; blank means "not set". */
const px = (fallback: number | null) =>
  blankAsAbsent(z._default(z.nullable(z.number({ error: () => m.numberInvalid }).check(z.gte(-2000, m.numberInvalid), z.lte(2000, m.numberInvalid))), fallback));

/** Upload file names as the upload route returns them: nothing that could leave the uploads folder. */
const filename = blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(200), z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.fileNameInvalid))));

/**
 * `{}` parsed through an object whose fields all have defaults. (blankAsAbsent's typing makes
 * each key look required, so the empty object needs this cast.)
 */
const ALL_DEFAULTS = {} as never;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** Settings with every default of spec §3; a missing part or field takes its default. */
export const profileSettingsSchema = z.object({
  theme: blankAsAbsent(z._default(z.string().check(z.trim(), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/, m.themeInvalid)), DEFAULT_THEME)),
  logo: z.prefault(z.object({
    top: px(0),
    right: px(null),
    left: px(null),
    height: px(70),
    useColor: z._default(z.boolean(), false),
    color: hex('#ffffff'),
  }), ALL_DEFAULTS),
  person: z.prefault(z.object({ background: hex('#000000'), color: hex('#ffffff') }), ALL_DEFAULTS),
  kontakt: z.prefault(z.object({ fill: hex('#ffffff') }), ALL_DEFAULTS),
  display: z.prefault(z.object({ showStrasse: z._default(z.boolean(), true), showPLZ: z._default(z.boolean(), true) }), ALL_DEFAULTS),
  applePass: z.prefault(z.object({ backgroundColor: hex('#FFFFFF'), fontColor: hex('#000000') }), ALL_DEFAULTS),
  /** Stored as typed; checked and scoped to the card root on save (functions/lib/custom-css.ts), which the public card serves. */
  customCss: z._default(z.pipe(z.transform(blankToNull), z.nullable(safeString({ max: 20_000, multiline: true }))), null),
});
export type ProfileSettings = z.output<typeof profileSettingsSchema>;

const addressFields = {
  straße: optionalText(200),
  plz: blankAsAbsent(z.optional(safeString({ max: 20 }).check(z.minLength(4, m.plzMin4)))),
  ort: optionalText(200),
  bundesland: optionalText(200),
  land: optionalText(200),
};
const hasSomeField = (a: Record<string, unknown>) =>
  ['straße', 'plz', 'ort', 'bundesland', 'land'].some((k) => a[k] !== undefined);

/** One address; the server gives it an `adresseId` when it has none (cards refer to it). */
export const addressSchema = z.object({ adresseId: blankAsAbsent(z.optional(idSchema)), ...addressFields })
  .check(z.refine(hasSomeField, { message: m.addressEmpty, path: ['straße'] }));
export const storedAddressSchema = z.object({ adresseId: z.string(), ...addressFields });
export type ProfileAddress = z.output<typeof storedAddressSchema>;

export const profileSocialSchema = z.object({
  type: blankAsAbsent(z.enum(profileSocialTypes, {
    error: (issue) => (issue.input === undefined ? msg.validation.required : m.typeInvalid),
  })),
  link: requiredHttpLink(500),
});
export type ProfileSocial = z.output<typeof profileSocialSchema>;

function uniqueTypes(list: { type: string }[], ctx: z.core.$RefinementCtx<{ type: string }[]>): void {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: m.typeTwice });
    seen.add(entry.type);
  });
}

/** The content of a profile (spec §3 CardCompanyProfil) as the form edits it. */
const profileFields = {
  profilname: requiredText(1, msg.validation.required, 200),
  firmenname: optionalText(200),
  claim: optionalText(300),
  logo: filename,
  appleLogo: filename,
  walletLogo: filename,
  adressen: z._default(z.array(addressSchema).check(z.maxLength(50)), []),
  url: optionalHttpLink(500),
  social: z._default(z.array(profileSocialSchema).check(z.maxLength(profileSocialTypes.length)), []).check(z.superRefine(uniqueTypes)),
  notes: optionalText(5000, { multiline: true }),
  color: hex('#000000'),
  class: optionalText(200),
  impressum: optionalHttpLink(500),
  datenschutz: optionalHttpLink(500),
  umsatzsteuernummer: optionalText(100),
  handelsgericht: optionalText(200),
  settings: z.prefault(profileSettingsSchema, ALL_DEFAULTS),
};

export const createProfileSchema = z.object({ companyId: idSchema, ...profileFields });
export type CreateProfileInput = z.input<typeof createProfileSchema>;
export type ProfileInput = z.output<typeof createProfileSchema>;

/**
 * Update: the whole profile as the form holds it (an omitted optional field is cleared), plus the
 * version the client last read, so a concurrent edit is refused instead of overwritten.
 */
export const updateProfileSchema = z.object({ ...profileFields, version: z.optional(z.number().check(z.int(), z.nonnegative())) });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
export type UpdateProfileData = z.output<typeof updateProfileSchema>;

/** A profile as the API returns it. */
export const profileSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  ...profileFields,
  adressen: z.array(storedAddressSchema),
  /** Number of cards (persons) on this profile. */
  cardCount: z.number().check(z.int()),
  version: z.number().check(z.int()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Profile = z.output<typeof profileSchema>;

export const profileIdParams = z.object({ id: idSchema });
export const profileCompanyParams = z.object({ companyId: idSchema });
