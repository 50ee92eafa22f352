import { describe, expect, it } from 'vitest';
import { formatViewsPerCard, viewsPerYear } from '../../web/src/pages/statistics/figures.ts';
import { barHeight } from '../../web/src/pages/credits/bar-chart.tsx';

describe('statistics figures', () => {
  it("views per active card: two decimals in German, '---' without active cards", () => {
    expect(formatViewsPerCard(10, 4)).toBe('2,50');
    expect(formatViewsPerCard(1, 3)).toBe('0,33');
    expect(formatViewsPerCard(12345, 1)).toBe('12.345,00');
    expect(formatViewsPerCard(7, 0)).toBe('---');
    expect(formatViewsPerCard(0, 0)).toBe('---');
  });

  it('groups day entries by year, newest first', () => {
    const e = (date: string, views: number) => ({ personId: 'p', date, views, saves: 0, taps: 1, tapsByKind: { call: 1 } });
    expect(viewsPerYear([e('2025-12-31', 2), e('2026-01-01', 3), e('2026-05-05', 4)])).toEqual([{ year: '2026', views: 7, taps: 2 }, { year: '2025', views: 2, taps: 1 }]);
    expect(viewsPerYear([])).toEqual([]);
  });

  it('bars: the maximum reaches 90%, the rest in proportion', () => {
    expect(barHeight(6, 6)).toBeCloseTo(90);
    expect(barHeight(3, 6)).toBeCloseTo(45);
    expect(barHeight(0, 0)).toBe(0);
  });
});
