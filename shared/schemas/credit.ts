import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { creditMessages } from '../messages/credit.ts';
import { idSchema, optionalText, pageOf, pageQuery } from './common.ts';

const m = creditMessages.errors;

/** What kind of booking an entry is: the statistics split credits used by activations and by the monthly fee. */
export const creditEntryKinds = ['manual', 'activation', 'monthly'] as const;
export type CreditEntryKind = (typeof creditEntryKinds)[number];

/** Credits of a manual entry: a whole number, not 0 (spec §5 'Credits integer'). */
const credits = z.pipe(
  // Form fields send text: '12' counts as 12, blank as absent.
  z.transform((v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v.trim())) : v)),
  z.number({ error: (issue) => (issue.input === undefined ? msg.validation.required : m.integer) })
    .check(z.int(m.integer), z.refine((n) => n !== 0, m.notZero), z.refine((n) => Math.abs(n) <= 1_000_000, m.tooLarge)),
) as unknown as z.ZodMiniType<number, number | string>;

/**
 * An admin's manual entry. `createdAt` and `createdBy` (spec §7 lists them in the body) are set by
 * the server: sent ones are ignored, so nobody can book in another's name or date.
 */
export const createCreditEntrySchema = z.object({
  companyId: idSchema,
  credits,
  infotext: optionalText(500),
});
export type CreateCreditEntryInput = z.input<typeof createCreditEntrySchema>;
export type CreateCreditEntryData = z.output<typeof createCreditEntrySchema>;

export const creditEntrySchema = z.object({
  id: z.string(),
  companyId: z.string(),
  credits: z.number().check(z.int()),
  infotext: z.optional(z.string()),
  createdAt: z.string(),
  createdBy: z.string(),
  /** Username of `createdBy` when it is (still) a user; the monthly job books as 'system'. */
  createdByName: z.optional(z.string()),
  cardId: z.optional(z.string()),
  kind: z.enum(creditEntryKinds),
});
export type CreditEntry = z.output<typeof creditEntrySchema>;

/** Spec §3 'Company credit' plus what the screens derive from it (spec §4). */
export const companyCreditSchema = z.object({
  companyId: z.string(),
  credits: z.number().check(z.int()),
  cardCountTotal: z.number().check(z.int()),
  cardCountActive: z.number().check(z.int()),
  inactiveCards: z.number().check(z.int()),
  remainingMonths: z.number().check(z.int()),
  /** What activating a card costs (configuration), so the screens can say it before it happens. */
  activationCost: z.number().check(z.int()),
});
export type CompanyCredit = z.output<typeof companyCreditSchema>;

export const creditHistoryQuery = pageQuery({ defaultLimit: 50, maxLimit: 200 });
export const creditHistoryPageSchema = pageOf(creditEntrySchema);

export const monthStatsSchema = z.object({
  /** `yyyy-mm`, Europe/Berlin. */
  month: z.string(),
  added: z.number().check(z.int()),
  removed: z.number().check(z.int()),
  usedActivations: z.number().check(z.int()),
  usedMonthly: z.number().check(z.int()),
  activations: z.number().check(z.int()),
});
export type MonthStats = z.output<typeof monthStatsSchema>;

export const creditStatisticsSchema = z.object({
  /** The last 12 months, oldest first, the current one last. */
  months: z.array(z.string()),
  total: z.array(monthStatsSchema),
  companies: z.array(z.object({
    companyId: z.string(),
    org: z.string(),
    credits: z.number().check(z.int()),
    cardCountActive: z.number().check(z.int()),
    months: z.array(monthStatsSchema),
  })),
});
export type CreditStatistics = z.output<typeof creditStatisticsSchema>;

export const creditCompanyParams = z.object({ id: idSchema });

/** Spec §4: floor(credits / active cards), 0 without active cards. */
export function remainingMonths(credits: number, activeCards: number): number {
  return activeCards > 0 ? Math.max(0, Math.floor(credits / activeCards)) : 0;
}
