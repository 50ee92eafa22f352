// CSV for German Excel: UTF-8 with BOM (umlauts survive), semicolons, CRLF, every cell quoted.

export const CSV_BOM = '\uFEFF';
const SEPARATOR = ';';

/**
 * A cell a spreadsheet could read as a formula (= + - @, also behind leading spaces, or a leading
 * tab / carriage return) gets a leading apostrophe, so it is shown as text and never evaluated.
 */
export function neutraliseFormula(value: string): string {
  return /^(?:[\t\r]|\s*[=+\-@])/.test(value) ? `'${value}` : value;
}

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : neutraliseFormula(String(value));
  return `"${text.replaceAll('"', '""')}"`;
}

/** Header plus rows; every row must have the header's length. */
export function buildCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(SEPARATOR));
  return CSV_BOM + lines.join('\r\n') + '\r\n';
}
