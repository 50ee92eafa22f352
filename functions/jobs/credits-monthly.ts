import { bookMonthlyCredits } from '../domain/credits/book-monthly-credits.ts';
import type { MonthlyResult } from '../domain/credits/book-monthly-credits.ts';
import { log } from '../lib/log.ts';

/**
 * EventBridge schedule (1st of the month, Europe/Berlin): books the monthly fee. Safe to run
 * again (a retry after a failure, a manual run): every company is booked at most once per month.
 * Some companies failing makes the invocation fail, so the schedule's retry finishes them.
 */
export async function handler(): Promise<MonthlyResult> {
  const result = await bookMonthlyCredits();
  log('info', 'monthly credits booked', { ...result });
  if (result.failed > 0) throw new Error(`Monatliche Credits: ${result.failed} Unternehmen nicht gebucht (siehe Log); der Job kann gefahrlos erneut laufen.`);
  return result;
}
