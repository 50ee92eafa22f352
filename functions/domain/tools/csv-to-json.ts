import { parse } from 'csv-parse/sync';
import { CsvError } from 'csv-parse/sync';
import { ValidationError } from '../../lib/errors.ts';
import { unwrapCsvText } from '../../lib/spreadsheet/csv.ts';
import { msg } from '../../../shared/messages.ts';
import { columnKey, csvLimits, importColumns, importFields, importRowSchema } from '../../../shared/schemas/tools.ts';
import type { CsvToJsonResult, ImportField, ImportRow, RowError } from '../../../shared/schemas/tools.ts';

const m = msg.tools.errors;
type Encoding = CsvToJsonResult['encoding'];
type Separator = CsvToJsonResult['separator'];

/**
 * Text of the file: a UTF-8 BOM or valid UTF-8 is UTF-8; anything else is what German Excel
 * writes (Windows-1252, which also covers plain Latin-1 files).
 */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: Encoding } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes), encoding: 'utf-8' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** NUL bytes, or many control characters, in the first 8 KB: an image, a zip (xlsx), a PDF. */
export function looksBinary(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 8192);
  let control = 0;
  for (const b of head) {
    if (b === 0) return true;
    if (b < 0x09 || (b > 0x0d && b < 0x20)) control++;
  }
  return control > head.length / 100;
}

/** The separator used most in the header line outside quotes (`;` from German Excel, `,` elsewhere). */
export function detectSeparator(headerLine: string): Separator {
  const counts: Record<Separator, number> = { ';': 0, ',': 0, '\t': 0 };
  let quoted = false;
  for (const ch of headerLine) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && ch in counts) counts[ch as Separator]++;
  }
  if (counts['\t'] > counts[';'] && counts['\t'] > counts[',']) return '\t';
  return counts[','] > counts[';'] ? ',' : ';';
}

const fieldByColumn = new Map<string, ImportField>(
  importFields.flatMap((field) => importColumns[field].map((name) => [columnKey(name), field] as const)),
);

/**
 * A cell as typed: the export's forms are taken off (a ="01067" literal, a leading apostrophe
 * before = + - @), so an export re-imports unchanged; line breaks inside a cell (Alt+Enter in Excel) become a space,
 * as every card field is one line. Nothing is evaluated: a formula stays text.
 */
export function cleanCell(value: string): string {
  const literal = unwrapCsvText(value);
  const unguarded = /^'(?:[\t\r]|\s*[=+\-@])/.test(literal) ? literal.slice(1) : literal;
  return unguarded.replace(/\s*[\r\n]+\s*/g, ' ').trim();
}

const ACTIVE: Record<string, boolean> = { ja: true, j: true, yes: true, true: true, '1': true, x: true, aktiv: true, nein: false, n: false, no: false, false: false, '0': false, inaktiv: false };

interface Built {
  row: Record<string, unknown>;
  /** zod path prefix -> field, for naming the column of an issue. */
  pathField: Map<string, ImportField>;
  activeError: boolean;
}

/** The row as card-holder JSON: list fields become entries, empty cells are left out. */
function buildRow(line: number, cells: readonly string[], columns: readonly (ImportField | undefined)[]): Built {
  const row: Record<string, unknown> = { line };
  const tel: { type: string; value: string }[] = [];
  const email: { type: string; value: string }[] = [];
  const social: { type: string; link: string }[] = [];
  const adresse: Record<string, string> = {};
  const pathField = new Map<string, ImportField>();
  let activeError = false;
  columns.forEach((field, i) => {
    if (!field || field === 'createdOn') return;
    const value = cleanCell(cells[i] ?? '');
    if (value === '') return;
    const [group, type] = field.split('.') as [string, string | undefined];
    if (group === 'tel') { pathField.set(`tel.${tel.length}`, field); tel.push({ type: type!, value }); }
    else if (group === 'email') { pathField.set(`email.${email.length}`, field); email.push({ type: type!, value }); }
    else if (group === 'social') { pathField.set(`social.${social.length}`, field); social.push({ type: type!, link: value }); }
    else if (group === 'adresse') { pathField.set(`adresse.${type}`, field); adresse[type!] = value; }
    else if (field === 'isActive') {
      const active = ACTIVE[value.toLowerCase()];
      if (active === undefined) activeError = true;
      else row.isActive = active;
    } else { pathField.set(field, field); row[field] = value; }
  });
  if (tel.length) row.tel = tel;
  if (email.length) row.email = email;
  if (social.length) row.social = social;
  if (Object.keys(adresse).length) row.adresse = adresse;
  return { row, pathField, activeError };
}

/**
 * CSV (as German Excel, other spreadsheets or our own export write it) to card-holder JSON: the
 * valid rows and one error per bad row with its line number, column and German message. Rows are
 * validated as the parser hands them over; nothing but the results is kept per row.
 */
export function csvToJson(bytes: Uint8Array): CsvToJsonResult {
  if (bytes.length > csvLimits.maxBytes) throw new ValidationError(m.tooLarge(csvLimits.maxBytes / 1024 / 1024), { file: m.tooLarge(csvLimits.maxBytes / 1024 / 1024) });
  if (bytes.length === 0) throw new ValidationError(m.empty, { file: m.empty });
  if (looksBinary(bytes)) throw new ValidationError(m.binary, { file: m.binary });
  const decoded = decodeCsv(bytes);
  // One copy of the whole text with line breaks unified, so the parser's line count is the editor's.
  const text = decoded.text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (text.trim() === '') throw new ValidationError(m.empty, { file: m.empty });
  const firstLineEnd = text.indexOf('\n');
  const separator = detectSeparator(firstLineEnd < 0 ? text : text.slice(0, firstLineEnd));

  let header: string[] | undefined;
  let columns: (ImportField | undefined)[] = [];
  const data: ImportRow[] = [];
  const errors: RowError[] = [];
  let rows = 0;

  const onRecord = (cells: string[], lines: number): void => {
    // The record ends on `lines`; line breaks inside its cells put its start further up.
    const start = lines - cells.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0);
    if (!header) {
      header = cells.map((h) => cleanCell(h));
      columns = header.map((h) => fieldByColumn.get(columnKey(h)));
      const seen = new Set<ImportField>();
      columns = columns.map((f) => (f && !seen.has(f) ? (seen.add(f), f) : undefined));
      if (!seen.has('firstname') || !seen.has('lastname')) throw new ValidationError(m.noHeader, { file: m.noHeader });
      return;
    }
    if (++rows > csvLimits.maxRows) throw new ValidationError(m.tooManyRows(csvLimits.maxRows), { file: m.tooManyRows(csvLimits.maxRows) });
    const built = buildRow(start, cells, columns);
    const columnOf = (field: ImportField | undefined) => header![columns.indexOf(field)] ?? '';
    const result = importRowSchema.safeParse(built.row);
    const issues: RowError['issues'] = [];
    if (built.activeError) issues.push({ column: columnOf('isActive'), message: m.active });
    if (!result.success) {
      for (const issue of result.error.issues) {
        const [a, b] = issue.path.map(String);
        const field = built.pathField.get(`${a}.${b}`) ?? built.pathField.get(a ?? '') ?? (importFields as readonly string[]).find((f) => f === a) as ImportField | undefined;
        issues.push({ column: columnOf(field), message: issue.message });
      }
    }
    if (issues.length) errors.push({ line: start, column: issues[0]!.column, message: issues[0]!.message, issues });
    else data.push(result.data!);
  };

  try {
    parse(text, {
      delimiter: separator,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      on_record: (cells: string[], ctx) => {
        onRecord(cells, ctx.lines);
        return null;
      },
    });
  } catch (err) {
    if (err instanceof CsvError) {
      const line = (err as CsvError & { lines?: number }).lines ?? 1;
      throw new ValidationError(m.unreadable(line), { file: m.unreadable(line) });
    }
    throw err;
  }
  if (!header) throw new ValidationError(m.noHeader, { file: m.noHeader });
  if (rows === 0) throw new ValidationError(m.noRows, { file: m.noRows });
  return {
    data,
    errors,
    fields: [...new Set(columns.filter((f): f is ImportField => f !== undefined && f !== 'createdOn'))],
    ignoredColumns: header.filter((_, i) => columns[i] === undefined && header![i] !== '' && fieldByColumn.get(columnKey(header![i]!)) !== 'createdOn'),
    encoding: decoded.encoding,
    separator,
  };
}
