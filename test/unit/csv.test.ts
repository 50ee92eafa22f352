import { describe, expect, test } from 'vitest';
import { csvCell, csvText, neutraliseFormula, renderCsv, unwrapCsvText } from '../../functions/lib/spreadsheet/csv.ts';

describe('CSV builder', () => {
  test('starts with a BOM, separates with semicolons and ends lines with CRLF', () => {
    const csv = renderCsv({ columns: [{ header: 'Nachname', type: 'text' }, { header: 'Vorname', type: 'text' }], rows: [['Müller', 'Jörg'], ['Weiß', 'Ä']] });
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('"Nachname";"Vorname"\r\n"Müller";"Jörg"\r\n"Weiß";"Ä"\r\n');
  });

  test('quotes doubled, separators and line breaks stay inside the cell', () => {
    expect(csvCell('Sag "Hallo"')).toBe('"Sag ""Hallo"""');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
  });

  test('empty values are empty cells; numbers, dates and months as their column says', () => {
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('')).toBe('""');
    expect(csvCell(3, 'number')).toBe('"3"');
    expect(csvCell('2024-06-01T10:00:00.000Z', 'date')).toBe('"01.06.2024, 12:00 Uhr"');
    expect(csvCell('2026-03', 'month')).toBe('"03.2026"');
  });

  test.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+49 30 123', "'+49 30 123"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['  =1+1', "'  =1+1"],
  ])('a formula-like cell %j is neutralised', (input, expected) => {
    expect(neutraliseFormula(input)).toBe(expected);
  });

  test.each(['Anna', 'a=b', 'x@y.de', "'schon Text"])('ordinary text %j stays as it is', (input) => {
    expect(csvText(input)).toBe(input);
  });

  test.each([
    ['01067', '="01067"'],
    ['+49 221 1234567', '="+49 221 1234567"'],
    ['0171 1234567', '="0171 1234567"'],
    ['030/123 45-6', '="030/123 45-6"'],
    ['+49 (0)30 123', '="+49 (0)30 123"'],
    ['10115', '="10115"'],
    ['1.2', '="1.2"'],
  ])('text a spreadsheet would turn into a number or date keeps its form: %j -> %s', (input, expected) => {
    expect(csvText(input)).toBe(expected);
    expect(unwrapCsvText(expected)).toBe(input);
  });

  test.each([
    ['+1 555 CALL', "'+1 555 CALL"],
    ['-2+3', "'-2+3"],
    ['+49"&HYPERLINK("x")&"', `'+49"&HYPERLINK("x")&"`],
  ])('anything beyond digits, spaces and + - ( ) / . keeps the apostrophe guard: %j', (input, expected) => {
    expect(csvText(input)).toBe(expected);
  });

  test('only a literal of those characters is unwrapped on import', () => {
    expect(unwrapCsvText('="01067"')).toBe('01067');
    expect(unwrapCsvText('=HYPERLINK("x")')).toBe('=HYPERLINK("x")');
    expect(unwrapCsvText('="a"&"b"')).toBe('="a"&"b"');
    expect(unwrapCsvText('="0"&HYPERLINK("x")&"1"')).toBe('="0"&HYPERLINK("x")&"1"');
  });

  test('a neutralised cell is still quoted correctly', () => {
    expect(csvCell('=1+"2"')).toBe(`"'=1+""2"""`);
    expect(csvCell('01067')).toBe('"=""01067"""');
  });
});
