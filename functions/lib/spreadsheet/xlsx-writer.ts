// XLSX from a Table (table.ts), the SpreadsheetML written here (docs/decisions.md "XLSX writer"): ExcelTS
// cost every export function ~50 ms of CPU on its first call just to load. Rows are turned into XML
// as they are produced and deflated piece by piece (zip.ts `deflateEntry`), so only the current
// rows and the compressed output are held. Strings are inline strings (no shared-string table to
// hold until the end), never formulas, whatever they start with; numbers are number cells, dates
// date cells; the header row is bold, frozen and has the filter buttons.
// Element order follows ECMA-376 Part 1 (CT_Worksheet, CT_Workbook, CT_Stylesheet): Excel refuses
// a file with elements out of order even where other programs read it.
import { deflateEntry, zip } from '../zip.ts';
import { berlinWallClock, columnLetter, fitColumns, monthDate } from './table.ts';
import type { Cell, Column, ColumnType, Row, Table } from './table.ts';

/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;
/** Characters XML 1.0 cannot carry (control characters, lone surrogates): the file would not open. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Rows of XML gathered before they go to the compressor (fewer, larger writes). */
const BATCH_CHARS = 64 * 1024;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

// cellXfs: 0 General, 1-4 the column types' formats, 5-8 the same in bold (the header). `@` (49)
// and `0` (1) are built-in formats; the date formats are our own (164, 165).
const TYPES: readonly ColumnType[] = ['text', 'number', 'date', 'month'];
const numFmtId: Record<ColumnType, number> = { text: 49, number: 1, date: 164, month: 165 };
const style = (type: ColumnType, bold = false) => 1 + TYPES.indexOf(type) + (bold ? TYPES.length : 0);

/** A sheet name Excel accepts: at most 31 characters, none of `[]:*?/\`, not starting or ending with `'`. */
export function sheetName(name: string): string {
  return name.replace(NOT_XML, '').replace(/[[\]:*?/\\]/g, '-').slice(0, 31).replace(/^'+|'+$/g, '') || 'Tabelle1';
}

const escapeXml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A value as the text of a cell: characters XML cannot carry dropped, cut at Excel's limit (never between the halves of a surrogate pair). */
function cellText(value: string): string {
  let text = value.replace(NOT_XML, '');
  if (text.length > MAX_CELL_TEXT) text = text.slice(0, /[\uD800-\uDBFF]/.test(text[MAX_CELL_TEXT - 1]!) ? MAX_CELL_TEXT - 1 : MAX_CELL_TEXT);
  return text;
}

/**
 * A string cell, in SpreadsheetML's escaping on top of XML's (ECMA-376 ST_Xstring): a literal
 * `_x0041_` would be read as `A`, so its underscore is written `_x005F_`; a carriage return is
 * written `_x000D_`, since XML itself would turn it into a line feed.
 */
function stringCell(ref: string, s: number, value: string): string {
  const text = cellText(value);
  if (text === '') return '';
  const xml = escapeXml(text.replace(/_x[0-9A-Fa-f]{4}_/g, '_x005F$&').replaceAll('\r', '_x000D_'));
  const space = /^\s|\s$|\s\s|[\t\n]/.test(text) ? ' xml:space="preserve"' : '';
  return `<c r="${ref}" s="${s}" t="inlineStr"><is><t${space}>${xml}</t></is></c>`;
}

const numberCell = (ref: string, s: number, value: number) => (Number.isFinite(value) ? `<c r="${ref}" s="${s}"><v>${value}</v></c>` : '');

/**
 * Excel's serial day number (1900 date system) of a date whose UTC fields carry the wall-clock time;
 * right from 1 March 1900 on (before it Excel counts a 29 February 1900 that never was).
 */
const serial = (date: Date) => date.getTime() / 86_400_000 + 25_569;

function cell(ref: string, value: Cell, type: ColumnType): string {
  if (value === null || value === undefined || value === '') return '';
  const s = style(type);
  if (type === 'date') {
    const date = value instanceof Date ? value : new Date(String(value));
    return Number.isNaN(date.getTime()) ? '' : numberCell(ref, s, serial(berlinWallClock(date)));
  }
  if (type === 'month') {
    const month = monthDate(String(value));
    return month ? numberCell(ref, s, serial(month)) : stringCell(ref, s, String(value));
  }
  if (type === 'number' && typeof value === 'number') return numberCell(ref, s, value);
  return stringCell(ref, s, String(value));
}

/** The worksheet's XML in pieces: the head, the header row, then the rows in batches as the iterable yields them. */
function* worksheet(columns: readonly Column[], rows: Iterable<Row>): Generator<string> {
  const letters = columns.map((_, i) => columnLetter(i + 1));
  const cols = columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}"${c.width === undefined ? '' : ` width="${c.width}" customWidth="1"`} style="${style(c.type)}"/>`).join('');
  yield `${XML_DECL}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">`
    + '<sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
    + '<selection pane="bottomLeft" activeCell="A2" sqref="A2"/></sheetView></sheetViews>'
    + '<sheetFormatPr defaultRowHeight="15"/>'
    + (cols ? `<cols>${cols}</cols>` : '')
    + '<sheetData>'
    + `<row r="1">${columns.map((c, i) => stringCell(`${letters[i]}1`, style(c.type, true), c.header)).join('')}</row>`;
  let batch = '';
  let r = 1;
  for (const row of rows) {
    r++;
    let xml = `<row r="${r}">`;
    for (let i = 0; i < columns.length; i++) xml += cell(`${letters[i]}${r}`, row[i], columns[i]!.type);
    batch += `${xml}</row>`;
    if (batch.length >= BATCH_CHARS) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</sheetData>`
    + (columns.length ? `<autoFilter ref="A1:${letters.at(-1)}1"/>` : '')
    + '<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
    + '</worksheet>';
}

function workbook(name: string, columnCount: number): string {
  const quoted = `'${name.replaceAll("'", "''")}'`;
  // Excel writes this hidden name with every filter; LibreOffice shows the filter buttons only with it.
  const filter = columnCount
    ? `<definedNames><definedName name="_xlnm._FilterDatabase" localSheetId="0" hidden="1">${escapeXml(`${quoted}!$A$1:$${columnLetter(columnCount)}$1`)}</definedName></definedNames>`
    : '';
  return `${XML_DECL}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews>`
    + `<sheets><sheet name="${escapeXml(name)}" sheetId="1" r:id="rId1"/></sheets>${filter}</workbook>`;
}

const font = (bold: boolean) => `<font>${bold ? '<b/>' : ''}<sz val="11"/><name val="Calibri"/><family val="2"/></font>`;
const xf = (fmt: number, fontId: number) =>
  `<xf numFmtId="${fmt}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${fmt ? ' applyNumberFormat="1"' : ''}${fontId ? ' applyFont="1"' : ''}/>`;

const STYLES = `${XML_DECL}<styleSheet xmlns="${MAIN_NS}">`
  + '<numFmts count="2"><numFmt numFmtId="164" formatCode="dd.mm.yyyy hh:mm"/><numFmt numFmtId="165" formatCode="mm.yyyy"/></numFmts>'
  + `<fonts count="2">${font(false)}${font(true)}</fonts>`
  + '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
  + '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
  + '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
  + `<cellXfs count="${1 + 2 * TYPES.length}">${xf(0, 0)}${TYPES.map((t) => xf(numFmtId[t], 0)).join('')}${TYPES.map((t) => xf(numFmtId[t], 1)).join('')}</cellXfs>`
  + '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
  + '<dxfs count="0"/><tableStyles count="0"/></styleSheet>';

const CONTENT_TYPES = `${XML_DECL}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">`
  + '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
  + '<Default Extension="xml" ContentType="application/xml"/>'
  + '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
  + '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
  + '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
  + '<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>'
  + '</Types>';

const ROOT_RELS = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">`
  + '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
  + '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>'
  + '</Relationships>';

const WORKBOOK_RELS = `${XML_DECL}<Relationships xmlns="${PKG_REL_NS}">`
  + `<Relationship Id="rId1" Type="${REL_NS}/worksheet" Target="worksheets/sheet1.xml"/>`
  + `<Relationship Id="rId2" Type="${REL_NS}/styles" Target="styles.xml"/>`
  + '</Relationships>';

function core(now: Date): string {
  const at = `${now.toISOString().slice(0, 19)}Z`;
  return `${XML_DECL}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">`
    + `<dc:creator>Visitenkarten</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${at}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${at}</dcterms:modified></cp:coreProperties>`;
}

/**
 * The table as an .xlsx file. Without widths in the columns, pass rows you can iterate twice
 * (an array): they are measured first (`fitColumns`).
 */
export async function writeXlsx(table: Table, now = new Date()): Promise<Buffer> {
  const columns = table.columns.every((c) => c.width !== undefined) ? table.columns : fitColumns(table.columns, table.rows);
  const name = sheetName(table.sheetName);
  const sheet = await deflateEntry('xl/worksheets/sheet1.xml', worksheet(columns, table.rows));
  return zip([
    { name: '[Content_Types].xml', data: CONTENT_TYPES },
    { name: '_rels/.rels', data: ROOT_RELS },
    { name: 'docProps/core.xml', data: core(now) },
    { name: 'xl/workbook.xml', data: workbook(name, columns.length) },
    { name: 'xl/_rels/workbook.xml.rels', data: WORKBOOK_RELS },
    { name: 'xl/styles.xml', data: STYLES },
    sheet,
  ], now);
}
