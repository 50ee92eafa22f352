import { describe, expect, test } from 'vitest';
import { Workbook } from '@cj-tech-master/excelts';
import { writeXlsx, sheetName } from '../../functions/lib/spreadsheet/xlsx-writer.ts';
import { openXlsx } from '../../functions/lib/spreadsheet/xlsx-reader.ts';
import type { Column, Row } from '../../functions/lib/spreadsheet/table.ts';
import { formulas, readXlsx, zipEntry } from '../helpers/sheetjs.ts';

// Our own SpreadsheetML writer, read back by two other implementations: SheetJS (the tests' reader)
// and ExcelTS (the import's reader, xlsx-reader.ts, and its full workbook reader for view, filter and
// fonts). The one check on our own XML is the element order ECMA-376 prescribes, which Excel
// enforces and both readers forgive.

const columns: Column[] = [
  { header: 'PLZ', type: 'text', width: 8 },
  { header: 'Anzahl', type: 'number', width: 8 },
  { header: 'Erstellt am', type: 'date', width: 18 },
  { header: 'Monat', type: 'month', width: 9 },
  { header: 'Notiz', type: 'text', width: 40 },
];
const limits = { maxTotalBytes: 50 * 2 ** 20, maxEntries: 20 };
/** 29 March 2026, 01:30 UTC: 03:30 in Berlin, the night summer time starts. */
const SPRING = new Date('2026-03-29T01:30:00Z');
const serialOf = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 86_400_000 + 25_569;
const LONG = `${'x'.repeat(32_766)}😀 und mehr`;

function* rows(): Generator<Row> {
  yield ['01067', 42, SPRING, '2026-03', '=HYPERLINK("http://böse.de","klick")'];
  yield ['00000', -1.5, '2026-07-01T12:00:00.000Z', '2026-11', 'a\u0001b\u0008c\u000Bd\uFFFEe\uD800f\u001Fg'];
  yield [' vorne', 0, null, undefined, 'Zeile 1\nZeile 2 _x0041_ & <b>"\''];
  yield ['@SUM(A1)', Number.NaN, 'kein Datum', 'irgendwann', LONG];
  yield ['+49 221 1234567', null, '', '', '-1+2'];
}

async function workbook(): Promise<Buffer> {
  return writeXlsx({ sheetName: "Karten: 'Süd' [2026]", columns, rows: rows() });
}

describe('XLSX writer', () => {
  test('SheetJS reads typed cells: text with format @, numbers, Berlin wall-clock dates, months; no formula; characters XML cannot carry dropped', async () => {
    const bytes = await workbook();
    const x = readXlsx(bytes);
    expect(x.name).toBe("Karten- 'Süd' -2026-");
    expect(x.header).toEqual(['PLZ', 'Anzahl', 'Erstellt am', 'Monat', 'Notiz']);
    expect(x.rows).toBe(5);
    expect(x.cell(0, 'PLZ')).toMatchObject({ t: 's', v: '01067', z: '@' });
    expect(x.cell(1, 'PLZ')).toMatchObject({ t: 's', v: '00000', z: '@' });
    expect(x.cell(0, 'Anzahl')).toMatchObject({ t: 'n', v: 42, z: '0' });
    expect(x.cell(1, 'Anzahl')).toMatchObject({ t: 'n', v: -1.5 });
    expect(x.cell(2, 'Anzahl')).toMatchObject({ t: 'n', v: 0 });
    expect(x.cell(3, 'Anzahl')).toBeUndefined();
    const spring = x.cell(0, 'Erstellt am')!;
    expect(spring).toMatchObject({ t: 'n', z: 'dd.mm.yyyy hh:mm' });
    expect(spring.v as number).toBeCloseTo(serialOf(2026, 3, 29, 3, 30), 6);
    expect(x.cell(1, 'Erstellt am')!.v as number).toBeCloseTo(serialOf(2026, 7, 1, 14, 0), 6);
    expect(x.cell(2, 'Erstellt am')).toBeUndefined();
    expect(x.cell(3, 'Erstellt am')).toBeUndefined();
    expect(x.cell(0, 'Monat')).toMatchObject({ t: 'n', v: serialOf(2026, 3, 1), z: 'mm.yyyy' });
    expect(x.cell(3, 'Monat')).toMatchObject({ t: 's', v: 'irgendwann' });
    expect(x.cell(0, 'Notiz')).toMatchObject({ t: 's', v: '=HYPERLINK("http://böse.de","klick")' });
    expect(x.cell(3, 'PLZ')).toMatchObject({ t: 's', v: '@SUM(A1)' });
    expect(x.cell(4, 'Notiz')).toMatchObject({ t: 's', v: '-1+2' });
    expect(x.cell(4, 'PLZ')).toMatchObject({ t: 's', v: '+49 221 1234567' });
    expect(formulas(x.book)).toEqual([]);
    expect(x.cell(1, 'Notiz')).toMatchObject({ t: 's', v: 'abcdefg' });
    expect(x.cell(2, 'PLZ')).toMatchObject({ t: 's', v: ' vorne' });
    expect(x.cell(2, 'Notiz')).toMatchObject({ t: 's', v: 'Zeile 1\nZeile 2 _x0041_ & <b>"\'' });
    // Cut at Excel's 32,767 characters, not between the two halves of the emoji.
    expect(x.cell(3, 'Notiz')!.v).toBe('x'.repeat(32_766));
    // Header frozen is not in SheetJS's model (ExcelTS below); the filter and LibreOffice's hidden name are.
    expect(x.sheet['!autofilter']).toEqual({ ref: 'A1:E1' });
    expect(x.book.Workbook?.Names).toEqual([{ Name: '_xlnm._FilterDatabase', Sheet: 0, Hidden: true, Ref: "'Karten- ''Süd'' -2026-'!$A$1:$E$1" }]);
    expect((x.sheet['!cols'] ?? []).map((c) => c.width)).toEqual([8, 8, 18, 9, 40]);
  });

  test('ExcelTS reads the same: frozen header in bold, filter, column formats; the import reader (xlsx-reader.ts) gets the rows', async () => {
    const bytes = await workbook();
    const book = new Workbook();
    await book.xlsx.load(bytes);
    const ws = book.worksheets[0]!;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1, topLeftCell: 'A2' });
    expect(ws.autoFilter).toBe('A1:E1');
    expect([1, 2, 3, 4, 5].map((c) => ws.getCell(1, c).font?.bold)).toEqual([true, true, true, true, true]);
    expect(ws.getCell(2, 1).font?.bold).toBeFalsy();
    expect(ws.columns.map((c) => c.numFmt)).toEqual(['@', '0', 'dd.mm.yyyy hh:mm', 'mm.yyyy', '@']);
    expect(ws.getCell('A2').value).toBe('01067');
    expect(ws.getCell('B2').value).toBe(42);
    // ExcelTS turns a date-formatted number into a Date whose UTC fields are the wall clock.
    expect(ws.getCell('C2').value).toEqual(new Date('2026-03-29T03:30:00Z'));
    expect(ws.getCell('D2').value).toEqual(new Date('2026-03-01T00:00:00Z'));
    expect(ws.getCell('E2').value).toBe('=HYPERLINK("http://böse.de","klick")');
    expect(ws.getCell('E2').formula).toBeUndefined();
    expect(ws.getCell('E4').value).toBe('Zeile 1\nZeile 2 _x0041_ & <b>"\'');

    const opened = openXlsx(bytes, { limits });
    expect(opened.sheet.name).toBe("Karten- 'Süd' -2026-");
    const read = [];
    for await (const row of opened.rows) read.push(row);
    expect(read.map((r) => r.line)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(read[1]!.cells.slice(0, 4)).toEqual(['01067', '42', '29.03.2026', '01.03.2026']);
    expect(read[1]!.numeric.slice(0, 2)).toEqual([false, true]);
    expect(read[2]!.cells[4]).toBe('abcdefg');
    expect(read[5]!.cells[0]).toBe('+49 221 1234567');
  });

  test('a carriage return survives (written _x000D_), a sheet name Excel would refuse is mended', async () => {
    const bytes = await writeXlsx({ sheetName: "'", columns: [{ header: 'Text', type: 'text' }], rows: [['a\r\nb']] });
    const opened = openXlsx(bytes, { limits });
    expect(opened.sheet.name).toBe('Tabelle1');
    const read = [];
    for await (const row of opened.rows) read.push(row.cells);
    expect(read).toEqual([['Text'], ['a\r\nb']]);
    expect(sheetName('a/b\\c?d*e[f]g:h')).toBe('a-b-c-d-e-f-g-h');
    expect(sheetName('x'.repeat(40))).toHaveLength(31);
    expect(sheetName("'Liste'")).toBe('Liste');
    // Widths fitted when the columns have none: the header, or the longest value, within 6..60.
    const x = readXlsx(bytes);
    expect((x.sheet['!cols'] ?? []).map((c) => c.width)).toEqual([8]);
  });

  test('rows from a generator are written as they come: 20,000 rows, read back complete', async () => {
    let pulled = 0;
    function* many(): Generator<Row> {
      for (let i = 0; i < 20_000; i++) {
        pulled++;
        yield [String(i).padStart(5, '0'), i, new Date(Date.UTC(2026, 0, 1, 0, i % 60)), '2026-01', `Zeile ${i}`];
      }
    }
    const bytes = await writeXlsx({ sheetName: 'Viele', columns, rows: many() });
    expect(pulled).toBe(20_000);
    const x = readXlsx(bytes);
    expect(x.rows).toBe(20_000);
    expect(x.cell(19_999, 'PLZ')).toMatchObject({ t: 's', v: '19999' });
    expect(x.cell(19_999, 'Anzahl')).toMatchObject({ t: 'n', v: 19_999 });
    // Deflated: far smaller than the worksheet's XML.
    expect(bytes.length).toBeLessThan(zipEntry(bytes, 'xl/worksheets/sheet1.xml')!.length / 5);
  });

  // ECMA-376 Part 1, 18.3.1.99 CT_Worksheet, 18.2.28 CT_Workbook, 18.8.39 CT_Stylesheet: the children in
  // the order of the schema's sequences (all optional here but sheetData / sheets).
  const order = {
    'xl/worksheets/sheet1.xml': ['sheetPr', 'dimension', 'sheetViews', 'sheetFormatPr', 'cols', 'sheetData', 'sheetCalcPr', 'sheetProtection', 'protectedRanges', 'scenarios', 'autoFilter', 'sortState', 'dataConsolidate', 'customSheetViews', 'mergeCells', 'phoneticPr', 'conditionalFormatting', 'dataValidations', 'hyperlinks', 'printOptions', 'pageMargins', 'pageSetup', 'headerFooter', 'rowBreaks', 'colBreaks', 'customProperties', 'cellWatches', 'ignoredErrors', 'smartTags', 'drawing', 'legacyDrawing', 'legacyDrawingHF', 'picture', 'oleObjects', 'controls', 'webPublishItems', 'tableParts', 'extLst'],
    'xl/workbook.xml': ['fileVersion', 'fileSharing', 'workbookPr', 'workbookProtection', 'bookViews', 'sheets', 'functionGroups', 'externalReferences', 'definedNames', 'calcPr', 'oleSize', 'customWorkbookViews', 'pivotCaches', 'smartTagPr', 'smartTagTypes', 'webPublishing', 'fileRecoveryPr', 'webPublishObjects', 'extLst'],
    'xl/styles.xml': ['numFmts', 'fonts', 'fills', 'borders', 'cellStyleXfs', 'cellXfs', 'cellStyles', 'dxfs', 'tableStyles', 'colors', 'extLst'],
  };
  test.each(Object.entries(order))('%s: elements in the order ECMA-376 prescribes', async (part, sequence) => {
    const xml = zipEntry(await workbook(), part)!;
    // The root's children: walk the tags, keeping the depth.
    const children: string[] = [];
    let depth = 0;
    for (const [, close, name, empty] of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
      if (close) depth--;
      else {
        if (depth === 1) children.push(name!);
        if (!empty) depth++;
      }
    }
    expect(children.length).toBeGreaterThan(1);
    const positions = children.map((c) => sequence.indexOf(c));
    expect(positions.every((p) => p >= 0), `unknown element in ${children.join(', ')}`).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(children).size).toBe(children.length);
  });

  test('the package: content types for every part, relationships that resolve', async () => {
    const bytes = await workbook();
    const types = zipEntry(bytes, '[Content_Types].xml')!;
    for (const part of ['/xl/workbook.xml', '/xl/worksheets/sheet1.xml', '/xl/styles.xml', '/docProps/core.xml']) {
      expect(types).toContain(`PartName="${part}"`);
      expect(zipEntry(bytes, part.slice(1)), part).toBeDefined();
    }
    const targets = (rels: string) => [...rels.matchAll(/Target="([^"]+)"/g)].map((m) => m[1]!);
    for (const t of targets(zipEntry(bytes, '_rels/.rels')!)) expect(zipEntry(bytes, t), t).toBeDefined();
    for (const t of targets(zipEntry(bytes, 'xl/_rels/workbook.xml.rels')!)) expect(zipEntry(bytes, `xl/${t}`), t).toBeDefined();
  });
});
