import { berlinDate } from '../../shared/berlin-clock.ts';

/** The UTC calendar day of an instant (`YYYY-MM-DD`), for what the server stamps in UTC (audit entries). */
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * For tests whose expectations name the current day or month (statistics, credit months, audit dates): those
 * hold only if it does not change between the data being written and being read back. Within `marginMs` (the
 * test's timeout) of the next change of `period` (the Berlin day by default; berlinMonth, utcDay) this waits
 * until the new one has begun, so a slow run cannot straddle it; at any other time it returns at once.
 * Call it in a beforeEach whose timeout covers the wait.
 */
export async function clearOfMidnight(marginMs: number, period: (d: Date) => string = berlinDate): Promise<void> {
  const current = period(new Date());
  if (period(new Date(Date.now() + marginMs)) === current) return;
  while (period(new Date()) === current) await new Promise((r) => setTimeout(r, 200));
}
