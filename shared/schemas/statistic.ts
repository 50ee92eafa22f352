import * as z from 'zod/mini';
import { idSchema } from './common.ts';

export const statisticCompanyQuery = z.object({ companyId: idSchema });
export const statisticCardParams = z.object({ id: idSchema });

const count = z.number().check(z.int(), z.nonnegative());

/**
 * A company's statistics: the 12 months of the window (Europe/Berlin, oldest first) and per card
 * the views and saves of each of those months (same order), plus the all-time totals. Cards without
 * any view are left out (the screen shows them with zeros).
 */
export const companyStatisticSchema = z.object({
  months: z.array(z.string()),
  cards: z.array(z.object({
    personId: z.string(),
    views: z.array(count),
    saves: z.array(count),
    totalViews: count,
    totalSaves: count,
  })),
});
export type CompanyStatistic = z.output<typeof companyStatisticSchema>;

/**
 * One card's statistic (spec §7 `card/statistic/{id}`, "entries personId, createdAt: one per view"):
 * aggregated to one entry per day (Europe/Berlin) with the day's views and saves, oldest first.
 */
export const cardStatisticEntrySchema = z.object({
  personId: z.string(),
  date: z.string(),
  views: count,
  saves: count,
});
export const cardStatisticSchema = z.array(cardStatisticEntrySchema);
export type CardStatisticEntry = z.output<typeof cardStatisticEntrySchema>;
