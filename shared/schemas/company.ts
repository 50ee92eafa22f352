import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { companyMessages } from '../messages/company.ts';
import { blankAsAbsent, idSchema, requiredText } from './common.ts';

/** Languages a company's cards can be shown in. */
export const companyLangs = ['de', 'en'] as const;
export type CompanyLang = (typeof companyLangs)[number];

const langChoice = blankAsAbsent(z.enum(companyLangs, {
  error: (issue) => (issue.input === undefined ? msg.validation.required : companyMessages.langInvalid),
}));

/** A request without `lang` gets the default `de` (spec §3); a blank one is a missing required field. */
const lang = z._default(langChoice, 'de');

const org = requiredText(1, msg.validation.required, 200);

/** Assigned users (admins only). A transaction holds at most 100 writes, so the list is bounded. */
const userIds = z.pipe(z.array(idSchema).check(z.maxLength(90, companyMessages.tooManyUsers)), z.transform((ids: string[]) => [...new Set(ids)]));

export const companyDisplaySchema = z.object({ statistik: z._default(z.boolean(), true) });

export const createCompanySchema = z.object({
  org,
  lang,
  display: z.prefault(companyDisplaySchema, {}),
  userIds: z.optional(userIds),
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export type CreateCompanyData = z.output<typeof createCompanySchema>;

/** Only the fields sent change; `userIds`, when sent, is the complete new assignment. */
export const updateCompanySchema = z.object({
  org: z.optional(org),
  lang: z.optional(langChoice),
  display: z.optional(z.object({ statistik: z.boolean() })),
  userIds: z.optional(userIds),
  version: z.optional(z.number().check(z.int(), z.nonnegative())),
});
export type UpdateCompanyInput = z.input<typeof updateCompanySchema>;
export type UpdateCompanyData = z.output<typeof updateCompanySchema>;

export const companyUserSchema = z.object({ id: z.string(), username: z.string(), email: z.string() });
export type CompanyUser = z.output<typeof companyUserSchema>;

export const companySchema = z.object({
  id: z.string(),
  org: z.string(),
  lang: z.string(),
  credits: z.number(),
  users: z.array(companyUserSchema),
  display: z.object({ statistik: z.boolean() }),
  cardCountTotal: z.number().check(z.int()),
  cardCountActive: z.number().check(z.int()),
  profileCount: z.number().check(z.int()),
  version: z.number().check(z.int()),
  createdAt: z.string(),
});
export type Company = z.output<typeof companySchema>;

export const cardCountsSchema = z.object({
  companyId: z.string(),
  cardCountTotal: z.number().check(z.int()),
  cardCountActive: z.number().check(z.int()),
});

export const companyIdParams = z.object({ id: idSchema });
