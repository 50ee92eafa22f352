import { berlinDate } from '../../shared/berlin-clock.ts';

/**
 * For tests whose expectations name the current day or month (statistics, credit months): those
 * hold only if it does not change between the data being written and being read back. Within `marginMs` (the
 * test's timeout) of the next change of `period` (the Berlin day by default, or berlinMonth) this waits
 * until the new one has begun, so a slow run cannot straddle it; at any other time it returns at once.
 * Call it in a beforeEach whose timeout covers the wait.
 */
export async function clearOfMidnight(marginMs: number, period: (d: Date) => string = berlinDate): Promise<void> {
  const current = period(new Date());
  if (period(new Date(Date.now() + marginMs)) === current) return;
  while (period(new Date()) === current) await new Promise((r) => setTimeout(r, 200));
}
