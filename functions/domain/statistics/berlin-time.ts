// Days and months of the statistics are German calendar days (Europe/Berlin), not UTC days:
// a view at 23:30 UTC on 31 January is a February view in Germany.

import { berlinDate, berlinMonth } from '../../../shared/berlin-clock.ts';

/** `YYYY-MM-DD` and `YYYY-MM` of an instant in Europe/Berlin (without ICU's zone data: shared/berlin-clock.ts). */
export { berlinDate as berlinDay, berlinMonth };

/** `2026-01` plus `delta` months. */
export function addMonths(month: string, delta: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The statistics window (spec §9): the current Berlin month and the 11 before it, oldest first. */
export function lastMonths(now: Date | number, count = 12): string[] {
  const current = berlinMonth(now);
  return Array.from({ length: count }, (_, i) => addMonths(current, i - count + 1));
}

/**
 * Berlin day of a UTC log timestamp (`2026-11-23`, `13:05:59`). Berlin's offset is a whole number
 * of hours, so the answer is the same for a whole UTC hour: cached per hour, because a log file of
 * a million lines would otherwise format a million dates.
 */
export function berlinDayCache(): (utcDate: string, utcTime: string) => string | undefined {
  const cache = new Map<string, string | undefined>();
  return (utcDate, utcTime) => {
    const hourKey = `${utcDate}T${utcTime.slice(0, 2)}`;
    if (cache.has(hourKey)) return cache.get(hourKey);
    const instant = Date.parse(`${hourKey}:00:00Z`);
    const day = Number.isNaN(instant) ? undefined : berlinDate(instant);
    cache.set(hourKey, day);
    return day;
  };
}
