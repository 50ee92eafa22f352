// The wall clock of Europe/Berlin without ICU. The first time-zone formatter of a process loads
// ICU's locale and zone data, about 10 ms of CPU, which every Lambda cold start that writes a date
// (exports, file names, statistics days, credit months) paid once. Germany keeps the EU rule
// (Directive 2000/84/EC, the same since 1996): CET (UTC+1), and CEST (UTC+2) from the last Sunday
// of March 01:00 UTC to the last Sunday of October 01:00 UTC. test/unit/berlin-clock.test.ts checks
// every transition and two instants a day from 1996 to 2040 against the runtime's ICU: if the rule
// or the zone data ever change, that test fails and this module must follow.

export interface WallClock {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/** 01:00 UTC on the last Sunday of the month (0-based) of the year, in ms. */
function lastSundayAt1Utc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Berlin's offset from UTC at the instant, in minutes (60 or 120). */
export function berlinOffsetMinutes(instant: Date | number): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const year = new Date(ms).getUTCFullYear();
  return ms >= lastSundayAt1Utc(year, 2) && ms < lastSundayAt1Utc(year, 9) ? 120 : 60;
}

/** The date and time a clock in Berlin shows at the instant. */
export function berlinClock(instant: Date | number): WallClock {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const local = new Date(ms + berlinOffsetMinutes(ms) * 60_000);
  return {
    year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate(),
    hour: local.getUTCHours(), minute: local.getUTCMinutes(), second: local.getUTCSeconds(),
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` in Berlin. */
export function berlinDate(instant: Date | number): string {
  const c = berlinClock(instant);
  return `${String(c.year).padStart(4, '0')}-${two(c.month)}-${two(c.day)}`;
}

/** `YYYY-MM` in Berlin: the month the business (credits, statistics) runs on. */
export function berlinMonth(instant: Date | number): string {
  return berlinDate(instant).slice(0, 7);
}

/**
 * The instant (ms) a Berlin day `YYYY-MM-DD` begins: its 00:00 there, 23:00 or 22:00 UTC the day
 * before. Clocks change at 01:00 UTC, never at Berlin's midnight, so the offset at the candidate
 * instant decides.
 */
export function berlinDayStart(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const utcMidnight = Date.UTC(y, m - 1, d);
  const winter = utcMidnight - 60 * 60_000;
  return berlinOffsetMinutes(winter) === 60 ? winter : utcMidnight - 120 * 60_000;
}

/** The Berlin day after `YYYY-MM-DD` (calendar arithmetic, no instant involved). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** `dd.mm.yyyy, hh:mm` in Berlin (as `de-DE` writes it). */
export function berlinDateTimeText(instant: Date | number): string {
  const c = berlinClock(instant);
  return `${two(c.day)}.${two(c.month)}.${c.year}, ${two(c.hour)}:${two(c.minute)}`;
}
