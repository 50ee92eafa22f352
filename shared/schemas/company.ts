import * as z from 'zod';
import { msg } from '../messages.ts';
import { blankAsAbsent, idSchema, requiredText } from './common.ts';
import { contactRetentionSchema, DEFAULT_CONTACT_RETENTION_MONTHS } from './contact.ts';

/** Languages a company's cards can be shown in. */
export const companyLangs = ['de', 'en'] as const;
export type CompanyLang = (typeof companyLangs)[number];

const langChoice = blankAsAbsent(z.enum(companyLangs, {
  error: (issue) => (issue.input === undefined ? msg.validation.required : msg.company.langInvalid),
}));

/** A request without `lang` gets the default `de` (spec §3); a blank one is a missing required field. */
const lang = z.preprocess((v) => (v === undefined ? 'de' : v), langChoice) as unknown as z.ZodType<CompanyLang, CompanyLang | undefined>;

const org = requiredText(1, msg.validation.required, 200);

/** Assigned users (admins only). A transaction holds at most 100 writes, so the list is bounded. */
const userIds = z.array(idSchema).max(90, msg.company.tooManyUsers).transform((ids) => [...new Set(ids)]);

export const companyDisplaySchema = z.object({ statistik: z.boolean().default(true) });

export const createCompanySchema = z.object({
  org,
  lang,
  display: companyDisplaySchema.prefault({}),
  userIds: userIds.optional(),
  /** Months a contact left on a card is kept (issue 28); absent: 12. */
  contactRetentionMonths: contactRetentionSchema.optional(),
});
export type CreateCompanyInput = z.input<typeof createCompanySchema>;
export type CreateCompanyData = z.output<typeof createCompanySchema>;

/** Only the fields sent change; `userIds`, when sent, is the complete new assignment. */
export const updateCompanySchema = z.object({
  org: org.optional(),
  lang: langChoice.optional(),
  display: z.object({ statistik: z.boolean() }).optional(),
  userIds: userIds.optional(),
  contactRetentionMonths: contactRetentionSchema.optional(),
  version: z.number().int().nonnegative().optional(),
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
  /** Months after which contacts left on the company's cards are deleted. */
  contactRetentionMonths: z.number().int().default(DEFAULT_CONTACT_RETENTION_MONTHS),
  cardCountTotal: z.number().int(),
  cardCountActive: z.number().int(),
  profileCount: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Company = z.output<typeof companySchema>;

export const cardCountsSchema = z.object({
  companyId: z.string(),
  cardCountTotal: z.number().int(),
  cardCountActive: z.number().int(),
});

export const companyIdParams = z.object({ id: idSchema });
