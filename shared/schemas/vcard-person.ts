import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { vcardMessages } from '../messages/vcard.ts';
import { idSchema, optionalText, requiredText, blankAsAbsent } from './common.ts';
import { vcardCompanySchema } from './vcard-company.ts';
import { vcardSettingsOutput } from './vcard-settings.ts';
import { emailEntrySchema, emailTypes, personSocialTypes, phoneTypes, socialEntrySchema, telEntrySchema } from './person.ts';

const m = vcardMessages.errors;

// Legacy person (spec §3): companyId, nice, firstname, lastname, image, imageWallet, position,
// tel, email, social. Contact entries follow the V2 card's rules.

const filename = blankAsAbsent(z.optional(z.string().check(z.trim(), z.maxLength(200), z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.filename))));

function uniqueTypes<E extends { type: string }>(list: E[], ctx: z.core.$RefinementCtx<E[]>): void {
  const seen = new Set<string>();
  list.forEach((entry, i) => {
    if (seen.has(entry.type)) ctx.addIssue({ code: 'custom', path: [i, 'type'], message: m.typeTaken });
    seen.add(entry.type);
  });
}

const vcardPersonFields = {
  nice: optionalText(50),
  firstname: requiredText(1, msg.validation.required, 100),
  lastname: requiredText(1, msg.validation.required, 100),
  position: optionalText(150),
  image: filename,
  imageWallet: filename,
  tel: z._default(z.array(telEntrySchema).check(z.maxLength(phoneTypes.length)), []).check(z.superRefine(uniqueTypes)),
  email: z._default(z.array(emailEntrySchema).check(z.maxLength(emailTypes.length)), []).check(z.superRefine(uniqueTypes)),
  social: z._default(z.array(socialEntrySchema).check(z.maxLength(personSocialTypes.length)), []).check(z.superRefine(uniqueTypes)),
};

export const createVcardPersonSchema = z.object({ companyId: idSchema, ...vcardPersonFields });
export type VcardPersonInput = z.output<typeof createVcardPersonSchema>;

/** The whole person as the form holds it; `companyId` does not change. */
export const updateVcardPersonSchema = z.object({ ...vcardPersonFields, version: z.optional(z.number().check(z.int(), z.nonnegative())) });
export type UpdateVcardPersonData = z.output<typeof updateVcardPersonSchema>;

export const vcardPersonSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  nice: z.optional(z.string()),
  firstname: z.string(),
  lastname: z.string(),
  position: z.optional(z.string()),
  image: z.optional(z.string()),
  imageWallet: z.optional(z.string()),
  tel: z.array(z.object({ type: z.enum(phoneTypes), value: z.string() })),
  email: z.array(z.object({ type: z.enum(emailTypes), value: z.string() })),
  social: z.array(z.object({ type: z.enum(personSocialTypes), link: z.string() })),
  /** Views counted from the CDN logs (all time), like every card's. */
  views: z.number().check(z.int()),
  createdOn: z.string(),
  version: z.number().check(z.int()),
});
export type VcardPerson = z.output<typeof vcardPersonSchema>;

export const vcardPersonCompanyParams = z.object({ companyId: idSchema });

/** Card data by person id (spec §3): the person, its legacy company and that company's settings. */
export const vcardCardSchema = z.object({
  person: vcardPersonSchema,
  company: vcardCompanySchema,
  settings: vcardSettingsOutput.shape.settings,
});

/** `GET vcard/statistic/{id}`: the total views (spec 'Aufrufe Total', shown as 'Aufrufe gesamt') and views per year, plus the days they come from. */
export const vcardStatisticSchema = z.object({
  personId: z.string(),
  total: z.number().check(z.int()),
  years: z.array(z.object({ year: z.string(), views: z.number().check(z.int()) })),
  days: z.array(z.object({ date: z.string(), views: z.number().check(z.int()) })),
});
