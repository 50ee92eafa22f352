import { msg } from '../../../../shared/messages.ts';
import type { CardStatisticEntry } from '../../../../shared/schemas/statistic.ts';

/** Spec §9: views per active card with two decimals (German format), '---' without active cards. */
export function formatViewsPerCard(views: number, activeCards: number): string {
  if (activeCards <= 0) return msg.statistic.ui.noActiveCards;
  return (views / activeCards).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Views per year, newest first (spec §2: entries grouped by year of createdAt; our entries are days). */
export function viewsPerYear(entries: readonly CardStatisticEntry[]): { year: string; views: number }[] {
  const years = new Map<string, number>();
  for (const e of entries) years.set(e.date.slice(0, 4), (years.get(e.date.slice(0, 4)) ?? 0) + e.views);
  return [...years].sort(([a], [b]) => (a < b ? 1 : -1)).map(([year, views]) => ({ year, views }));
}
