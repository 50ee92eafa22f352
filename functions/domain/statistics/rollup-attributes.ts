import { addMonths } from './berlin-time.ts';

// A card's rollup item holds one attribute per month and measure: `v2611` = views in November 2026,
// `s2611` = saves; `v`/`s` are the all-time totals. Short names (and a short partition key) on
// purpose: the company statistics read 1,000 of these items per request, and DynamoDB bills reads
// by item size, attribute names included.

export const TOTAL_VIEWS = 'v';
export const TOTAL_SAVES = 's';
/** Taps (issue 28): `t2611` per month, `t` all time, `t_c` all time per kind (code of shared/card/taps.ts). */
export const TOTAL_TAPS = 't';

/** `2026-11` -> `2611`. */
function yymm(month: string): string {
  return month.slice(2, 4) + month.slice(5, 7);
}

export function viewsAttribute(month: string): string {
  return `v${yymm(month)}`;
}

export function savesAttribute(month: string): string {
  return `s${yymm(month)}`;
}

export function tapsAttribute(month: string): string {
  return `t${yymm(month)}`;
}

export function tapKindAttribute(code: string): string {
  return `t_${code}`;
}

/** Months a write for `month` removes: far enough back that items only ever hold about the window. */
export function expiredMonths(month: string): string[] {
  return Array.from({ length: 24 }, (_, i) => addMonths(month, -12 - i));
}
