import { ValidationError } from '../../lib/errors.ts';
import { unwrapCsvText } from '../../lib/spreadsheet/csv.ts';
import { columnLetter } from '../../lib/spreadsheet/table.ts';
import { toolsMessages } from '../../../shared/messages/tools.ts';
import { columnKey, fileLimits, importColumns, importFields, importRowSchema } from '../../../shared/schemas/tools.ts';
import type { ImportField, ImportRow, RowError } from '../../../shared/schemas/tools.ts';

// The row mapping both import formats share (CSV: csv-to-json.ts, XLSX: xlsx-to-json.ts): the header
// names the columns, each row becomes card-holder JSON, validated with the card-holder schema, and
// bad rows are reported with their line number, column and German message.

const m = toolsMessages.errors;

const fieldByColumn = new Map<string, ImportField>(
  importFields.flatMap((field) => importColumns[field].map((name) => [columnKey(name), field] as const)),
);

/**
 * A cell as typed: the export's forms are taken off (a ="01067" literal, a leading apostrophe
 * before = + - @), so an export re-imports unchanged; line breaks inside a cell (Alt+Enter in Excel)
 * become a space, as every card field is one line. Nothing is evaluated: a formula stays text.
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

/** A German postcode a spreadsheet stored as a number (1067) gets its leading zero back. */
function postcode(value: string, numeric: boolean): string {
  return numeric && /^\d{4}$/.test(value) ? `0${value}` : value;
}

/** The row as card-holder JSON: list fields become entries, empty cells are left out. */
function buildRow(line: number, cells: readonly string[], columns: readonly (ImportField | undefined)[], numeric?: readonly boolean[]): Built {
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
    else if (group === 'adresse') { pathField.set(`adresse.${type}`, field); adresse[type!] = type === 'plz' ? postcode(value, numeric?.[i] ?? false) : value; }
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

const tooManyColumns = (line: number) => new ValidationError(m.tooManyColumns(fileLimits.maxColumns, line), { file: m.tooManyColumns(fileLimits.maxColumns, line) });

/** Refuses a record wider than the column cap before any work per cell is done. */
export function checkWidth(cells: number, line: number): void {
  if (cells > fileLimits.maxColumns) throw tooManyColumns(line);
}

/**
 * Header first, then rows: keeps only the results (valid rows, one error per bad row), so a
 * file is validated as it is read.
 */
export class RowMapper {
  header: string[] | undefined;
  private columns: (ImportField | undefined)[] = [];
  private readonly used = new Set<number>();
  readonly data: ImportRow[] = [];
  readonly errors: RowError[] = [];
  rows = 0;

  /** The header row: at least Vorname and Nachname; a second column of the same name is ignored. */
  setHeader(cells: readonly string[], line: number): void {
    checkWidth(cells.length, line);
    this.header = cells.map((h) => cleanCell(h));
    const seen = new Set<ImportField>();
    this.columns = this.header.map((h) => fieldByColumn.get(columnKey(h))).map((f) => (f && !seen.has(f) ? (seen.add(f), f) : undefined));
    if (!seen.has('firstname') || !seen.has('lastname')) throw new ValidationError(m.noHeader, { file: m.noHeader });
  }

  /** One data row; `numeric` says which cells a spreadsheet stored as numbers. */
  addRow(line: number, cells: readonly string[], numeric?: readonly boolean[]): void {
    checkWidth(cells.length, line);
    if (++this.rows > fileLimits.maxRows) throw new ValidationError(m.tooManyRows(fileLimits.maxRows), { file: m.tooManyRows(fileLimits.maxRows) });
    cells.forEach((c, i) => { if (c.trim() !== '') this.used.add(i); });
    const header = this.header!;
    const columns = this.columns;
    const built = buildRow(line, cells, columns, numeric);
    const columnOf = (field: ImportField | undefined) => header[columns.indexOf(field)] ?? '';
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
    if (issues.length) this.errors.push({ line, column: issues[0]!.column, message: issues[0]!.message, issues });
    else this.data.push(result.data!);
  }

  /** What the file's columns cover, and the columns nobody reads (an unnamed column with data named by its letter). */
  summary(): { fields: ImportField[]; ignoredColumns: string[] } {
    const header = this.header ?? [];
    const width = Math.max(header.length, ...[...this.used].map((i) => i + 1));
    const ignoredColumns: string[] = [];
    for (let i = 0; i < width; i++) {
      const name = header[i] ?? '';
      if (this.columns[i] !== undefined) continue;
      if (name === '') { if (this.used.has(i)) ignoredColumns.push(m.unnamedColumn(columnLetter(i + 1))); }
      else if (fieldByColumn.get(columnKey(name)) !== 'createdOn') ignoredColumns.push(name);
    }
    return { fields: [...new Set(this.columns.filter((f): f is ImportField => f !== undefined && f !== 'createdOn'))], ignoredColumns };
  }
}
