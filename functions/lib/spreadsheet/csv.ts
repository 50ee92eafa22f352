// CSV for German Excel and LibreOffice: UTF-8 with BOM (umlauts survive), semicolons, CRLF, every
// cell quoted. How a spreadsheet opens it decides the rest (docs/decisions.md, "CSV export"):
// - Quotes do not make a cell text: Excel (and LibreOffice by default) read "01067" as the number
//   1067 and "+4930123" as 4930123. Text of only digits, spaces and `+ - ( ) / .` is therefore written
//   as the string formula ="01067": both show 01067, no apostrophe. Its content is a string literal
//   of those characters only, so nothing can be called or referenced.
// - Any other cell a spreadsheet could read as a formula (= + - @, also after spaces, or a leading
//   tab / CR) gets a leading apostrophe and is shown as text, never evaluated.
import { formatDateTime } from '../../../shared/format.ts';
import type { Cell, Column, Table } from './table.ts';

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

/** Text a spreadsheet would turn into a number or date, made only of characters safe inside a string literal. */
const SHAPE_AT_RISK = /^[+-]?[0-9][0-9 ()/.-]*$/;

/** Characters that make a cell a formula in Excel or LibreOffice. */
const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;

/** A formula-like cell gets a leading apostrophe, so it is shown as text and never evaluated. */
export function neutraliseFormula(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** Text as a spreadsheet keeps it: a literal ="…" where its form is at risk, else formula-guarded. */
export function csvText(value: string): string {
  return SHAPE_AT_RISK.test(value) ? `="${value}"` : neutraliseFormula(value);
}

/** The literal ="…" of `csvText`, read back (the import takes exactly what the export wrote). */
export function unwrapCsvText(value: string): string {
  const inner = /^="(.*)"$/.exec(value)?.[1];
  return inner !== undefined && SHAPE_AT_RISK.test(inner) ? inner : value;
}

function quoted(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** One cell as the column's type says: dates as 'dd.mm.yyyy, hh:mm Uhr' (Berlin), months 'mm.yyyy', numbers plain. */
export function csvCell(value: Cell, type: Column['type'] = 'text'): string {
  if (value === null || value === undefined || value === '') return '""';
  if (type === 'date') return quoted(formatDateTime(value instanceof Date ? value.toISOString() : String(value), 'Europe/Berlin'));
  if (type === 'month') return quoted(/^\d{4}-\d{2}$/.test(String(value)) ? `${String(value).slice(5, 7)}.${String(value).slice(0, 4)}` : csvText(String(value)));
  if (type === 'number' && typeof value === 'number') return quoted(String(value));
  return quoted(csvText(String(value)));
}

/** The whole table as CSV text (the file of an export is a few MB at most). */
export function renderCsv(table: Pick<Table, 'columns' | 'rows'>): string {
  const lines = [table.columns.map((c) => quoted(neutraliseFormula(c.header))).join(SEPARATOR)];
  for (const row of table.rows) lines.push(table.columns.map((c, i) => csvCell(row[i], c.type)).join(SEPARATOR));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
