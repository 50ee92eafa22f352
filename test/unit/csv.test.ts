import { describe, expect, test } from 'vitest';
import { buildCsv, csvCell, neutraliseFormula } from '../../functions/lib/csv.ts';

describe('CSV builder', () => {
  test('starts with a BOM, separates with semicolons and ends lines with CRLF', () => {
    const csv = buildCsv(['Nachname', 'Vorname'], [['Müller', 'Jörg'], ['Weiß', 'Ä']]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('"Nachname";"Vorname"\r\n"Müller";"Jörg"\r\n"Weiß";"Ä"\r\n');
  });

  test('quotes doubled, separators and line breaks stay inside the cell', () => {
    expect(csvCell('Sag "Hallo"')).toBe('"Sag ""Hallo"""');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Zeile 1\nZeile 2')).toBe('"Zeile 1\nZeile 2"');
  });

  test('empty values are empty cells', () => {
    expect(csvCell(undefined)).toBe('""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('')).toBe('""');
    expect(csvCell(3)).toBe('"3"');
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

  test.each(['Anna', 'a=b', 'x@y.de', '030 123-4', "'schon Text"])('ordinary text %j stays as it is', (input) => {
    expect(neutraliseFormula(input)).toBe(input);
  });

  test('a neutralised cell is still quoted correctly', () => {
    expect(csvCell('=1+"2"')).toBe(`"'=1+""2"""`);
  });
});
