// Reads the rows of one sheet of an uploaded .xlsx as text cells, for the import tools: the zip is
// opened within bounds first (zip-guard.ts), then ExcelTS's streaming reader hands over row after
// row. A formula cell counts with the value the spreadsheet saved (nothing is calculated).
import { Readable } from 'node:stream';
import { WorkbookReader } from '@cj-tech-master/excelts';
import { openZip } from './zip-guard.ts';
import type { ZipLimits } from './zip-guard.ts';

export type XlsxProblem = 'notWorkbook' | 'noSheet' | 'mergedHeader';

export class XlsxReadError extends Error {
  readonly problem: XlsxProblem;
  readonly detail: string;
  /** The workbook's sheet names (for `noSheet`). */
  readonly sheets: string[];
  constructor(problem: XlsxProblem, detail = '', sheets: string[] = []) {
    super(`xlsx: ${problem} ${detail}`);
    this.problem = problem;
    this.detail = detail;
    this.sheets = sheets;
  }
}

export interface SheetInfo {
  name: string;
  /** `sheetN` of `xl/worksheets/sheetN.xml`: how the streaming reader numbers it. */
  sheetNo: number;
  path: string;
}

export interface XlsxRow {
  /** The row's number in the sheet (1-based), as the spreadsheet shows it. */
  line: number;
  /** Text of the cells, index 0 = column A. */
  cells: string[];
  /** Which cells held a number (a postcode typed as a number lost its leading zero). */
  numeric: boolean[];
}

const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const unescapeXml = (s: string) => s.replace(/&(lt|gt|quot|apos|amp|#\d+|#x[0-9a-f]+);/gi, (_, e: string) =>
  ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' } as Record<string, string>)[e.toLowerCase()]
  ?? String.fromCodePoint(e[1]?.toLowerCase() === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10)));

/** The sheets in the order the workbook shows them, with the file that holds each. */
function sheetsOf(entries: Map<string, Buffer>): SheetInfo[] {
  const workbook = entries.get('xl/workbook.xml')?.toString('utf8');
  const rels = entries.get('xl/_rels/workbook.xml.rels')?.toString('utf8');
  if (!workbook || !rels) throw new XlsxReadError('notWorkbook');
  const targets = new Map<string, string>();
  for (const tag of rels.match(/<Relationship\b[^>]*>/g) ?? []) {
    const id = attr(tag, 'Id');
    const target = attr(tag, 'Target');
    if (id && target) targets.set(id, target.replace(/^\/?xl\//, '').replace(/^\//, ''));
  }
  const sheets: SheetInfo[] = [];
  for (const tag of workbook.match(/<(?:\w+:)?sheet\b[^>]*>/g) ?? []) {
    const target = targets.get(attr(tag, 'r:id') ?? '');
    const sheetNo = Number(/sheet(\d+)\.xml$/.exec(target ?? '')?.[1]);
    if (target && sheetNo) sheets.push({ name: unescapeXml(attr(tag, 'name') ?? ''), sheetNo, path: `xl/${target}` });
  }
  if (!sheets.length) throw new XlsxReadError('notWorkbook');
  return sheets;
}

/** The merged ranges of a sheet's XML (`A1:C1`). */
function mergesOf(sheetXml: string): string[] {
  return [...sheetXml.matchAll(/<mergeCell\b[^>]*\bref="([A-Z]+\d+:[A-Z]+\d+)"/g)].map((m) => m[1]!);
}

/** The merged ranges that cover cells of row `row`. */
export function mergesInRow(merges: readonly string[], row: number): string[] {
  return merges.filter((ref) => {
    const [, top, bottom] = /^[A-Z]+(\d+):[A-Z]+(\d+)$/.exec(ref) ?? [];
    return +top! <= row && row <= +bottom!;
  });
}

type Value = unknown;

function text(value: Value): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(value);
  if (typeof value === 'boolean') return value ? 'Ja' : 'Nein';
  if (value instanceof Date) {
    return Number.isNaN(value.getTime()) ? '' : new Intl.DateTimeFormat('de-DE', { timeZone: 'UTC', day: '2-digit', month: '2-digit', year: 'numeric' }).format(value);
  }
  if (typeof value === 'object') {
    const v = value as { richText?: { text: string }[]; result?: Value; text?: Value; error?: string; formula?: string };
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if ('result' in v || v.formula !== undefined) return text(v.result);
    if (v.text !== undefined) return text(v.text);
    if (v.error) return v.error;
  }
  return '';
}

export interface OpenedXlsx {
  sheets: SheetInfo[];
  sheet: SheetInfo;
  /** The sheet's merged ranges (`A1:C1`). */
  merges: string[];
  rows: AsyncIterable<XlsxRow>;
}

/**
 * Opens the workbook and picks the sheet: the named one, else the first. `rows` streams its rows
 * (empty rows left out). Throws ZipGuardError (not a zip, too big, broken) or XlsxReadError.
 */
export function openXlsx(bytes: Uint8Array, o: { sheet?: string | undefined; limits: ZipLimits }): OpenedXlsx {
  const entries = openZip(bytes, o.limits);
  const sheets = sheetsOf(entries);
  const sheet = o.sheet === undefined || o.sheet === '' ? sheets[0]! : sheets.find((s) => s.name === o.sheet);
  if (!sheet) throw new XlsxReadError('noSheet', o.sheet, sheets.map((s) => s.name));
  const sheetXml = entries.get(sheet.path)?.toString('utf8');
  if (sheetXml === undefined) throw new XlsxReadError('notWorkbook');
  const merges = mergesOf(sheetXml);
  entries.clear();

  async function* rows(): AsyncGenerator<XlsxRow> {
    const reader = new WorkbookReader(Readable.from([Buffer.from(bytes)]), {
      worksheets: 'emit', sharedStrings: 'cache', styles: 'cache', hyperlinks: 'ignore', entries: 'ignore',
    });
    for await (const worksheet of reader) {
      const ws = worksheet as unknown as AsyncIterable<{ number: number; values: Value[] }> & { id: number | string };
      if (Number(ws.id) !== sheet!.sheetNo) {
        // Another sheet: read past it (the reader needs each sheet consumed in order).
        for await (const _ of ws) { /* skip */ }
        continue;
      }
      for await (const row of ws) {
        const values = row.values;
        const cells: string[] = [];
        const numeric: boolean[] = [];
        for (let i = 1; i < values.length; i++) {
          cells.push(text(values[i]).trim());
          numeric.push(typeof values[i] === 'number');
        }
        while (cells.length && cells[cells.length - 1] === '') { cells.pop(); numeric.pop(); }
        if (cells.length) yield { line: row.number, cells, numeric };
      }
      return;
    }
  }
  return { sheets, sheet, merges, rows: rows() };
}
