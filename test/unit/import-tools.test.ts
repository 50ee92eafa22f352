import { describe, expect, test } from 'vitest';
import { decodeCsv, detectSeparator, looksBinary } from '../../functions/domain/tools/csv-to-json.ts';
import { cleanCell } from '../../functions/domain/tools/row-mapper.ts';
import { matchKey, matchKeyHash } from '../../functions/domain/cards/match-index.ts';
import { batchesOf, loadRows } from '../../web/src/pages/tools/import-rows.ts';
import { columnKey } from '../../shared/schemas/tools.ts';

describe('CSV reading', () => {
  test('encoding: BOM and valid UTF-8 are UTF-8, anything else Windows-1252', () => {
    expect(decodeCsv(Buffer.from('\uFEFFÄrger€', 'utf8'))).toEqual({ text: 'Ärger€', encoding: 'utf-8' });
    expect(decodeCsv(Buffer.from('Grüße', 'utf8'))).toEqual({ text: 'Grüße', encoding: 'utf-8' });
    expect(decodeCsv(Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x20, 0x80]))).toEqual({ text: 'Grüße €', encoding: 'windows-1252' });
  });

  test('separator: the most frequent of ; , tab outside quotes', () => {
    expect(detectSeparator('Vorname;Nachname;"E-Mail, privat"')).toBe(';');
    expect(detectSeparator('Vorname,Nachname,"Straße; Nr"')).toBe(',');
    expect(detectSeparator('Vorname\tNachname\tPosition')).toBe('\t');
    expect(detectSeparator('Vorname')).toBe(';');
  });

  test('binary: NUL bytes or many control bytes', () => {
    expect(looksBinary(Buffer.from('PK\u0003\u0004\u0000\u0000'))).toBe(true);
    expect(looksBinary(Buffer.from('Vorname;Nachname\r\n\tA;B\r\n'))).toBe(false);
  });

  test('cells: the export apostrophe before a formula sign goes, other text stays as typed', () => {
    expect(cleanCell("'+49 30 123")).toBe('+49 30 123');
    expect(cleanCell("'=SUMME(A1)")).toBe('=SUMME(A1)');
    expect(cleanCell('=SUMME(A1)')).toBe('=SUMME(A1)');
    expect(cleanCell("O'Brien")).toBe("O'Brien");
    expect(cleanCell("'normal")).toBe("'normal");
    expect(cleanCell(' Leiter\n  Vertrieb ')).toBe('Leiter Vertrieb');
  });

  test('column names compare without case, spaces, dashes and dots', () => {
    expect(columnKey('E-Mail 1')).toBe(columnKey('email1'));
    expect(columnKey('Telefon  Geschäftlich')).toBe(columnKey('telefon geschäftlich'));
    expect(columnKey('PLZ')).not.toBe(columnKey('Ort'));
  });
});

describe('match keys', () => {
  test('first name, last name and first e-mail; case and Unicode form do not matter', () => {
    const a = { firstname: 'Jörg', lastname: 'Müller', email: [{ value: 'J@Example.de' }, { value: 'x@y.de' }] };
    const b = { firstname: 'jo\u0308rg ', lastname: 'MÜLLER', email: [{ value: 'j@example.de' }] };
    expect(matchKey(a)).toBe(matchKey(b));
    expect(matchKeyHash(a)).toBe(matchKeyHash(b));
    expect(matchKeyHash({ ...a, email: [] })).not.toBe(matchKeyHash(a));
    expect(matchKeyHash({ ...a, lastname: 'Müller-Lüdenscheidt' })).not.toBe(matchKeyHash(a));
  });
});

describe('loading JSON for the import', () => {
  test('the CSV step\'s download keeps its fields; a plain list covers the keys its rows carry', () => {
    const fromCsv = loadRows({ fields: ['firstname', 'lastname', 'tel.cell'], data: [{ line: 2, firstname: 'A', lastname: 'B', tel: [{ type: 'cell', value: '0171 1' }] }] });
    expect(fromCsv?.fields).toEqual(['firstname', 'lastname', 'tel.cell']);
    expect(fromCsv?.rows).toHaveLength(1);
    const plain = loadRows([{ firstname: 'A', lastname: 'B', email: [{ type: 'work1', value: 'a@b.de' }] }, { firstname: '', lastname: 'C' }]);
    expect(plain?.fields).toEqual(['firstname', 'lastname', 'email.work1', 'email.work2', 'email.work3', 'email.work4', 'email.work5']);
    expect(plain?.rows.map((r) => r.line)).toEqual([1]);
    expect(plain?.invalid).toEqual([expect.objectContaining({ line: 2, status: 'failed', name: 'C', message: 'firstname: Pflichtfeld' })]);
    expect(loadRows({ nothing: true })).toBeNull();
    expect(loadRows(null)).toBeNull();
  });

  test('batches of at most 100 rows', () => {
    expect(batchesOf(Array.from({ length: 250 }, (_, i) => i)).map((b) => b.length)).toEqual([100, 100, 50]);
  });
});
