import { describe, expect, test } from 'vitest';
import { remainingMonths } from '../../shared/schemas/credit.ts';
import { berlinMonth, monthsUpTo } from '../../functions/domain/credits/credit-entry.ts';
import { barHeight } from '../../web/src/pages/credits/bar-chart.tsx';
import { creditColumns, isDanger } from '../../web/src/pages/credits/credit-overview.tsx';
import type { CreditRow } from '../../web/src/pages/credits/credit-overview.tsx';
import { sortedByColumn } from '../helpers/list-order.ts';

describe('credits: pure rules', () => {
  test('remaining months = floor(credits / active cards), 0 without active cards', () => {
    expect(remainingMonths(10, 3)).toBe(3);
    expect(remainingMonths(2, 3)).toBe(0);
    expect(remainingMonths(12, 0)).toBe(0);
    expect(remainingMonths(0, 0)).toBe(0);
  });

  test('months are Berlin months: the first hour of a month in Berlin is still the previous month in UTC', () => {
    expect(berlinMonth(new Date('2026-03-31T22:30:00Z'))).toBe('2026-04'); // CEST, UTC+2
    expect(berlinMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01'); // CET, UTC+1
    expect(berlinMonth(new Date('2026-12-31T22:59:00Z'))).toBe('2026-12');
    // Away from a month's end the UTC month is the Berlin month; every hour of a year against the time zone itself.
    const tz = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 2); t += 30 * 60 * 1000) {
      const parts = tz.formatToParts(new Date(t));
      const want = `${parts.find((p) => p.type === 'year')!.value}-${parts.find((p) => p.type === 'month')!.value}`;
      if (berlinMonth(new Date(t)) !== want) expect(`${new Date(t).toISOString()}: ${berlinMonth(new Date(t))}`).toBe(want);
    }
  });

  test('the statistics window: 12 months up to the current one, across a year boundary', () => {
    expect(monthsUpTo('2026-02', 12)).toEqual([
      '2025-03', '2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02',
    ]);
    expect(monthsUpTo('2026-12', 1)).toEqual(['2026-12']);
  });

  test('bars: the maximum reaches 90%, the others in proportion, nothing without data', () => {
    expect(barHeight(10, 10)).toBe(90);
    expect(barHeight(5, 10)).toBe(45);
    expect(barHeight(0, 10)).toBe(0);
    expect(barHeight(0, 0)).toBe(0);
  });

  test('overview: sort by each column both ways (ties by company), danger when active cards have no month left', () => {
    const row = (org: string, credits: number, activeCards: number, inactiveCards: number): CreditRow =>
      ({ id: org, org, credits, activeCards, inactiveCards, remainingMonths: remainingMonths(credits, activeCards) });
    // As the screen gives them to the table: ordered by company.
    const rows = [row('Ähre', 0, 1, 3), row('Mitte', 50, 0, 1), row('Zeta', 4, 2, 0)];
    const names = (id: string, desc: boolean) => sortedByColumn(creditColumns, rows, { id, desc }).map((r) => r.org);
    expect(names('org', false)).toEqual(['Ähre', 'Mitte', 'Zeta']);
    expect(names('org', true)).toEqual(['Zeta', 'Mitte', 'Ähre']);
    expect(names('credits', false)).toEqual(['Ähre', 'Zeta', 'Mitte']);
    expect(names('inactiveCards', true)).toEqual(['Ähre', 'Mitte', 'Zeta']);
    expect(names('remainingMonths', false)).toEqual(['Ähre', 'Mitte', 'Zeta']);
    expect(names('remainingMonths', true)).toEqual(['Zeta', 'Ähre', 'Mitte']);
    expect(rows.map(isDanger)).toEqual([true, false, false]);
  });
});
