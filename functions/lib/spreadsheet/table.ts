// One description of a table export, rendered as CSV or XLSX (functions/lib/spreadsheet/*): the
// columns say what a cell IS (text, number, date), so each format writes it the way a spreadsheet
// keeps it. Used by the card-holder, credit-history and statistics exports (and later "Kontakte").

import { berlinClock } from '../../../shared/berlin-clock.ts';

/**
 * `text`: shown exactly as written (postcodes, phone numbers, ids); `number`: counts; `date`: an
 * instant (Date or ISO string), shown in Europe/Berlin; `month`: a `yyyy-mm` month.
 */
export type ColumnType = 'text' | 'number' | 'date' | 'month';

export interface Column {
  header: string;
  type: ColumnType;
  /** Width in characters; when absent it is fitted to the header and the values (`fitColumns`). */
  width?: number;
}

export type Cell = string | number | Date | null | undefined;
export type Row = readonly Cell[];

export interface Table {
  /** Sheet name of the XLSX (at most 31 characters; `[]:*?/\` are replaced). */
  sheetName: string;
  columns: readonly Column[];
  /** Produced while the file is written: a generator keeps only the current row in memory. */
  rows: Iterable<Row>;
}

export type ExportFormat = 'csv' | 'xlsx';

const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
/** `dd.mm.yyyy hh:mm` is 16 characters; a little room for the filter button of the header. */
const DATE_WIDTH = 18;

function cellLength(cell: Cell, type: ColumnType): number {
  if (cell === null || cell === undefined) return 0;
  if (type === 'date') return DATE_WIDTH;
  if (type === 'month') return 8;
  return String(cell).length;
}

/**
 * Widths that fit: the longest value or header (plus room for the filter button), within
 * 6..60 characters. Reads the rows once; pass rows you hold (they are iterated again to write).
 */
export function fitColumns(columns: readonly Column[], rows: Iterable<Row>): Column[] {
  const widest = columns.map((c) => c.header.length + 3);
  for (const row of rows) {
    for (let i = 0; i < columns.length; i++) {
      const n = cellLength(row[i], columns[i]!.type);
      if (n > widest[i]!) widest[i] = n;
    }
  }
  return columns.map((c, i) => ({ ...c, width: c.width ?? Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest[i]! + 1)) }));
}


/**
 * The wall-clock time of an instant in Europe/Berlin as a Date whose UTC fields carry it: spreadsheet
 * dates have no time zone, so the file shows the time a German reader expects.
 */
export function berlinWallClock(instant: Date | string): Date {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  // shared/berlin-clock.ts: no ICU zone data (a formatter at module scope cost every importing cold start ~10 ms).
  const c = berlinClock(date);
  return new Date(Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second));
}

/** `2026-03` as the first day of that month (UTC fields; a spreadsheet date without time zone). */
export function monthDate(month: string): Date | null {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  return m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, 1)) : null;
}

/** `A`, …, `Z`, `AA`, … for 1-based column numbers. */
export function columnLetter(n: number): string {
  let s = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) s = String.fromCharCode(65 + ((k - 1) % 26)) + s;
  return s;
}
