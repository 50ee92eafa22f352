import { msg } from '../../../../shared/messages.ts';
import type { CardStatisticEntry } from '../../../../shared/schemas/statistic.ts';
import { tapKinds } from '../../../../shared/card/taps.ts';
import type { TapKind } from '../../../../shared/card/taps.ts';

/** Spec §9: views per active card with two decimals (German format), '---' without active cards. */
export function formatViewsPerCard(views: number, activeCards: number): string {
  if (activeCards <= 0) return msg.statistic.ui.noActiveCards;
  return (views / activeCards).toLocaleString('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Views and taps per year, newest first (spec §2: entries grouped by year of createdAt; our entries are days). */
export function viewsPerYear(entries: readonly CardStatisticEntry[]): { year: string; views: number; taps: number }[] {
  const years = new Map<string, { views: number; taps: number }>();
  for (const e of entries) {
    const y = years.get(e.date.slice(0, 4)) ?? { views: 0, taps: 0 };
    y.views += e.views;
    y.taps += e.taps ?? 0;
    years.set(e.date.slice(0, 4), y);
  }
  return [...years].sort(([a], [b]) => (a < b ? 1 : -1)).map(([year, y]) => ({ year, ...y }));
}

/** Taps by kind summed over entries (days or cards), in the order of shared/card/taps.ts, only kinds with a count. */
export function tapsPerKind(entries: readonly { tapsByKind?: Record<string, number> | undefined }[]): { kind: TapKind; taps: number }[] {
  return tapKinds
    .map((kind) => ({ kind, taps: entries.reduce((n, e) => n + (e.tapsByKind?.[kind] ?? 0), 0) }))
    .filter((k) => k.taps > 0);
}
