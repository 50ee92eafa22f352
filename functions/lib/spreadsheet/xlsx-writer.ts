// XLSX from a Table (table.ts) with ExcelTS's streaming writer (docs/decisions.md "XLSX"): rows are
// written as they are produced, so only the current row and the compressed output are held.
// Every value is a value: strings are string cells (never formulas, whatever they start with),
// numbers number cells, dates date cells; the header row is frozen and has the filter buttons.
import { PassThrough } from 'node:stream';
import { WorkbookWriter } from '@cj-tech-master/excelts';
import { berlinWallClock, columnLetter, fitColumns, monthDate } from './table.ts';
import type { Cell, Column, Table } from './table.ts';

/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;
/** Characters XML 1.0 cannot carry (control characters, lone surrogates): the file would not open. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const numFmt: Record<Column['type'], string> = {
  // Text format: a postcode typed into the cell later stays text as well.
  text: '@',
  number: '0',
  date: 'dd.mm.yyyy hh:mm',
  month: 'mm.yyyy',
};

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`. */
export function sheetName(name: string): string {
  return name.replace(/[[\]:*?/\\]/g, '-').slice(0, 31) || 'Tabelle1';
}

function cellValue(value: Cell, type: Column['type']): string | number | Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (type === 'date') {
    const date = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(date.getTime()) ? null : berlinWallClock(date);
  }
  if (type === 'month') return monthDate(String(value)) ?? String(value);
  if (type === 'number' && typeof value === 'number') return value;
  return String(value).replace(NOT_XML, '').slice(0, MAX_CELL_TEXT);
}

/**
 * The table as an .xlsx file. Without widths in the columns, pass rows you can iterate twice
 * (an array): they are measured first (`fitColumns`).
 */
export async function writeXlsx(table: Table): Promise<Buffer> {
  const columns = table.columns.every((c) => c.width !== undefined) ? table.columns : fitColumns(table.columns, table.rows);
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => { out.on('end', resolve); out.on('error', reject); });

  const workbook = new WorkbookWriter({ stream: out, useSharedStrings: true, useStyles: true });
  workbook.creator = 'Visitenkarten';
  const sheet = workbook.addWorksheet(sheetName(table.sheetName), { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => ({ key: String(i), width: c.width, style: { numFmt: numFmt[c.type] } }));
  const header = sheet.addRow(columns.map((c) => c.header.replace(NOT_XML, '')));
  header.font = { bold: true };
  header.commit();
  const filterRange = `A1:${columnLetter(columns.length)}1`;
  sheet.autoFilter = filterRange;
  // Excel writes this hidden name with every filter; LibreOffice shows the filter buttons only with it.
  const absolute = filterRange.replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
  workbook.definedNames.model = [{ name: '_xlnm._FilterDatabase', localSheetId: 0, hidden: true, ranges: [`'${sheet.name.replaceAll("'", "''")}'!${absolute}`] }];
  for (const row of table.rows) {
    sheet.addRow(columns.map((c, i) => cellValue(row[i], c.type))).commit();
  }
  sheet.commit();
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
