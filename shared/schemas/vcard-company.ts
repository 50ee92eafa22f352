import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { vcardMessages } from '../messages/vcard.ts';
import { blankAsAbsent, optionalHttpLink, optionalText, requiredText } from './common.ts';
import { profileSocialSchema, profileSocialTypes } from './profile.ts';

const m = vcardMessages.errors;

// Legacy company (spec §3 VCardCompany; §5: org, plz, ort required, plz at least 4). URLs and
// social links follow the V2 profile's rules.

const filename = blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(200), z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.filename))));
const color = blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(7, m.color), z.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, m.color))));

function uniqueTypes(list: { type: string }[], ctx: z.core.$RefinementCtx<{ type: string }[]>): void {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: m.typeTaken });
    seen.add(entry.type);
  });
}

const vcardCompanyFields = {
  org: requiredText(1, msg.validation.required, 200),
  firmenname: optionalText(200),
  claim: optionalText(300),
  logo: filename,
  walletLogo: filename,
  straße: optionalText(200),
  plz: requiredText(4, m.plzMin4, 20),
  ort: requiredText(1, msg.validation.required, 200),
  bundesland: optionalText(200),
  land: optionalText(200),
  url: optionalHttpLink(500),
  social: z._default(z.array(profileSocialSchema).check(z.maxLength(profileSocialTypes.length)), []).check(z.superRefine(uniqueTypes)),
  notes: optionalText(5000, { multiline: true }),
  color,
  class: optionalText(200),
  impressum: optionalHttpLink(500),
  datenschutz: optionalHttpLink(500),
};

export const createVcardCompanySchema = z.object(vcardCompanyFields);
export type VcardCompanyInput = z.output<typeof createVcardCompanySchema>;

/** The whole company as the form holds it (an omitted optional field is cleared), with the version read. */
export const updateVcardCompanySchema = z.object({ ...vcardCompanyFields, version: z.optional(z.number().check(z.int(), z.nonnegative())) });
export type UpdateVcardCompanyData = z.output<typeof updateVcardCompanySchema>;

export const vcardCompanySchema = z.object({
  id: z.string(),
  org: z.string(),
  firmenname: z.optional(z.string()),
  claim: z.optional(z.string()),
  logo: z.optional(z.string()),
  walletLogo: z.optional(z.string()),
  straße: z.optional(z.string()),
  plz: z.string(),
  ort: z.string(),
  bundesland: z.optional(z.string()),
  land: z.optional(z.string()),
  url: z.optional(z.string()),
  social: z.array(z.object({ type: z.string(), link: z.string() })),
  notes: z.optional(z.string()),
  color: z.optional(z.string()),
  class: z.optional(z.string()),
  impressum: z.optional(z.string()),
  datenschutz: z.optional(z.string()),
  personCount: z.number().check(z.int()),
  version: z.number().check(z.int()),
  createdAt: z.string(),
});
export type VcardCompany = z.output<typeof vcardCompanySchema>;
