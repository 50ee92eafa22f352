import { describe, expect, test } from 'vitest';
import { berlinClock, berlinDate, berlinDateTimeText, berlinDayStart, berlinOffsetMinutes, nextDay } from '../../shared/berlin-clock.ts';
import { formatDateTime } from '../../shared/format.ts';

// The ICU-free Berlin clock against the runtime's ICU zone data (a different implementation): every
// DST transition from 1996 to 2040 to the second, and two instants a day in between.

const icu = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23',
});
function icuClock(ms: number) {
  const p = Object.fromEntries(icu.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** Every instant where ICU's offset changes, found by bisecting each day whose offset differs from the next day's. */
function transitions(from: number, to: number): number[] {
  const offset = (ms: number) => { const c = icuClock(ms); return Date.UTC(c.year!, c.month! - 1, c.day!, c.hour!, c.minute!, c.second!) - ms; };
  const out: number[] = [];
  for (let day = from; day < to; day += 86_400_000) {
    if (offset(day) === offset(day + 86_400_000)) continue;
    let lo = day;
    let hi = day + 86_400_000;
    while (hi - lo > 1000) { const mid = Math.floor((lo + hi) / 2 / 1000) * 1000; if (offset(mid) === offset(lo)) lo = mid; else hi = mid; }
    out.push(hi);
  }
  return out;
}

describe('berlinClock', () => {
  const from = Date.UTC(1996, 0, 1);
  const to = Date.UTC(2041, 0, 1);

  test('agrees with ICU at every transition from 1996 to 2040, to the second', () => {
    const found = transitions(from, to);
    expect(found.length).toBe(90);
    for (const t of found) {
      for (const ms of [t - 60_000, t - 1000, t, t + 1000, t + 60_000]) expect(berlinClock(ms), new Date(ms).toISOString()).toEqual(icuClock(ms));
    }
  });

  test('agrees with ICU twice a day from 1996 to 2040', () => {
    for (let ms = from + 37 * 60_000; ms < to; ms += 43_200_000 + 61_000) expect(berlinClock(ms), new Date(ms).toISOString()).toEqual(icuClock(ms));
  });

  test('offsets, dates and the German text', () => {
    expect(berlinOffsetMinutes(Date.UTC(2026, 0, 15))).toBe(60);
    expect(berlinOffsetMinutes(Date.UTC(2026, 6, 15))).toBe(120);
    // 31 January 23:30 UTC is already February in Berlin.
    expect(berlinDate(Date.UTC(2026, 0, 31, 23, 30))).toBe('2026-02-01');
    expect(berlinDateTimeText(new Date('2026-03-29T00:59:59Z'))).toBe('29.03.2026, 01:59');
    expect(berlinDateTimeText(new Date('2026-03-29T01:00:00Z'))).toBe('29.03.2026, 03:00');
    expect(formatDateTime('2026-10-25T00:30:00Z', 'Europe/Berlin')).toBe('25.10.2026, 02:30 Uhr');
    expect(formatDateTime('2026-10-25T01:30:00Z', 'Europe/Berlin')).toBe('25.10.2026, 02:30 Uhr');
  });

  test('formatDateTime for Berlin writes what de-DE writes', () => {
    const de = new Intl.DateTimeFormat('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'Europe/Berlin' });
    for (let ms = Date.UTC(2024, 0, 1, 0, 7); ms < Date.UTC(2028, 0, 1); ms += 7 * 3_600_000 + 13 * 60_000) {
      const iso = new Date(ms).toISOString();
      expect(formatDateTime(iso, 'Europe/Berlin'), iso).toBe(`${de.format(ms)} Uhr`);
    }
  });

  test('berlinDayStart is the first instant of the Berlin day, by ICU, every day from 1996 to 2040', () => {
    let days = 0;
    for (let day = '1996-01-01'; day < '2041-01-01'; day = nextDay(day)) {
      const start = berlinDayStart(day);
      const c = icuClock(start);
      expect([c.year, c.month, c.day, c.hour, c.minute, c.second], day).toEqual([...day.split('-').map(Number), 0, 0, 0]);
      expect(berlinDate(start - 1), day).not.toBe(day);
      days++;
    }
    expect(days).toBe(16_437);
    expect(new Date(berlinDayStart('2026-03-29')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(berlinDayStart('2026-03-30')).toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
