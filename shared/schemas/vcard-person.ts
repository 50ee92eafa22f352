import * as z from 'zod';
import { msg } from '../messages.ts';
import { idSchema, optionalText, requiredText, blankAsAbsent } from './common.ts';
import { vcardCompanySchema } from './vcard-company.ts';
import { vcardSettingsOutput } from './vcard-settings.ts';
import { emailEntrySchema, emailTypes, personSocialTypes, phoneTypes, socialEntrySchema, telEntrySchema } from './person.ts';

const m = msg.vcard.errors;

// Legacy person (spec §3): companyId, nice, firstname, lastname, image, imageWallet, position,
// tel, email, social. Contact entries follow the V2 card's rules.

const filename = blankAsAbsent(z.string().trim().max(200).regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, m.filename).optional());

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
  tel: z.array(telEntrySchema).max(phoneTypes.length).default([]).superRefine(uniqueTypes),
  email: z.array(emailEntrySchema).max(emailTypes.length).default([]).superRefine(uniqueTypes),
  social: z.array(socialEntrySchema).max(personSocialTypes.length).default([]).superRefine(uniqueTypes),
};

export const createVcardPersonSchema = z.object({ companyId: idSchema, ...vcardPersonFields });
export type VcardPersonInput = z.output<typeof createVcardPersonSchema>;

/** The whole person as the form holds it; `companyId` does not change. */
export const updateVcardPersonSchema = z.object({ ...vcardPersonFields, version: z.number().int().nonnegative().optional() });
export type UpdateVcardPersonData = z.output<typeof updateVcardPersonSchema>;

export const vcardPersonSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  nice: z.string().optional(),
  firstname: z.string(),
  lastname: z.string(),
  position: z.string().optional(),
  image: z.string().optional(),
  imageWallet: z.string().optional(),
  tel: z.array(z.object({ type: z.enum(phoneTypes), value: z.string() })),
  email: z.array(z.object({ type: z.enum(emailTypes), value: z.string() })),
  social: z.array(z.object({ type: z.enum(personSocialTypes), link: z.string() })),
  /** Views counted from the CDN logs (all time), like every card's. */
  views: z.number().int(),
  createdOn: z.string(),
  version: z.number().int(),
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
  total: z.number().int(),
  years: z.array(z.object({ year: z.string(), views: z.number().int() })),
  days: z.array(z.object({ date: z.string(), views: z.number().int() })),
});
