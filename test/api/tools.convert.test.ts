import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { createProfile, createTenant, getCompany } from '../helpers/card-fixtures.ts';
import { csvLimits } from '../../shared/schemas/tools.ts';
import { DeleteCommand, GetCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { matchKeyHash } from '../../functions/domain/cards/match-index.ts';
import { cp1252, toolsHelpers } from './tools-helpers.ts';

const s = useTestServer();
const { convert, importRows, exportCsv, cardsOf } = toolsHelpers(s);
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

describe('POST /api/convert/csvtojson', () => {
  test('a file as German Excel writes it: Windows-1252 umlauts, semicolons, quoted cells with line breaks', async () => {
    const csv = [
      'Nachname;Vorname;Position;Telefon geschäftlich;E-Mail 1;Aktiv',
      'Müller;Jörg;"Leiter\r\nVertrieb; Süd";+49 30 123;joerg@example.de;Ja',
      'Groß;Änne;"Sagt ""Hallo""";;aenne@example.de;Nein',
      '',
      'Weiß;Björn;Straßenbau;0171 / 55;bjoern@example.de;ja',
    ].join('\r\n') + '\r\n';
    const res = await convert(s, cp1252(csv));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.encoding).toBe('windows-1252');
    expect(res.body.separator).toBe(';');
    expect(res.body.errors).toEqual([]);
    expect(res.body.data.map((r: any) => [r.line, r.lastname, r.firstname, r.position, r.isActive])).toEqual([
      [2, 'Müller', 'Jörg', 'Leiter Vertrieb; Süd', true],
      [4, 'Groß', 'Änne', 'Sagt "Hallo"', false],
      [6, 'Weiß', 'Björn', 'Straßenbau', true],
    ]);
    expect(res.body.data[0]!.tel).toEqual([{ type: 'work', value: '+49 30 123' }]);
    expect(res.body.data[0]!.email).toEqual([{ type: 'work1', value: 'joerg@example.de' }]);
    expect(res.body.fields).toEqual(['lastname', 'firstname', 'position', 'tel.work', 'email.work1', 'isActive']);
  });

  test('UTF-8 with BOM and commas; unknown columns are named, not guessed', async () => {
    const csv = '\uFEFFVorname,Nachname,E-Mail,Lieblingsfarbe\n"Zoë","Ørsted-Łukasz",zoe@example.de,blau\n';
    const res = await convert(s, Buffer.from(csv, 'utf8'));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.encoding).toBe('utf-8');
    expect(res.body.separator).toBe(',');
    expect(res.body.data).toEqual([expect.objectContaining({ line: 2, firstname: 'Zoë', lastname: 'Ørsted-Łukasz', email: [{ type: 'work1', value: 'zoe@example.de' }] })]);
    expect(res.body.ignoredColumns).toEqual(['Lieblingsfarbe']);
  });

  test('row errors name the line (counting line breaks inside cells), the column and a German message', async () => {
    const csv = [
      'Vorname;Nachname;E-Mail 1;Webseite;Aktiv',
      'Anna;"Mehr-\nzeilig";anna@example.de;;Ja',
      ';Ohnevorname;x@example.de;;',
      'Bert;Beispiel;keine-mail;;',
      'Carl;Code;c@example.de;ftp://example.de;',
      'Dora;Doppel;d@example.de;;vielleicht',
      'Emil;Ende;e@example.de;https://example.de;Nein',
    ].join('\n');
    const res = await convert(s, Buffer.from(csv, 'utf8'));
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => [r.line, r.firstname])).toEqual([[2, 'Anna'], [8, 'Emil']]);
    expect(res.body.errors.map((e: any) => [e.line, e.column, e.message])).toEqual([
      [4, 'Vorname', 'Pflichtfeld'],
      [5, 'E-Mail 1', 'Bitte geben Sie eine gültige E-Mail-Adresse ein'],
      [6, 'Webseite', 'Muss mit http:// oder https:// beginnen'],
      [7, 'Aktiv', 'Bitte „Ja“ oder „Nein“ angeben'],
    ]);
  });

  test('formula-looking cells stay text, through the import, and are neutralised again by the export', async () => {
    const t = await createTenant(s);
    const csv = 'Vorname;Nachname;Position;Firmenname\n"=HYPERLINK(""http://evil.example"";""klick"")";Formel;@SUMME(A1);+1-2\n';
    const res = await convert(s, Buffer.from(csv, 'utf8'));
    expect(res.status).toBe(200);
    expect(res.body.data[0]).toMatchObject({ firstname: '=HYPERLINK("http://evil.example";"klick")', position: '@SUMME(A1)', firmenname: '+1-2' });
    const results = await importRows(t.company.id, t.profile.id, res.body);
    expect(results.map((r) => r.status)).toEqual(['created']);
    const [card] = await cardsOf(t.profile.id);
    expect(card).toMatchObject({ firstname: '=HYPERLINK("http://evil.example";"klick")', position: '@SUMME(A1)', firmenname: '+1-2' });
    const exported = (await exportCsv(t.company.id)).toString('utf8');
    expect(exported).toContain(`"'=HYPERLINK(""http://evil.example"";""klick"")"`);
    expect(exported).toContain(`"'@SUMME(A1)"`);
  });

  test('empty, binary, headerless, unreadable and oversized files: 400 with a German message; not multipart: 415', async () => {
    const cases: [Buffer | string, RegExp][] = [
      ['', /leer/],
      ['\uFEFF\r\n  \r\n', /leer/],
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /weder eine CSV- noch eine Excel-Datei/],
      ['Anna;Beispiel;anna@example.de\nBert;Test;b@example.de\n', /Kopfzeile/],
      ['Vorname;Nachname\n', /keine Datenzeilen/],
      ['Vorname;Nachname\n"Anna;Beispiel\n', /nicht lesbar/],
      [Buffer.alloc(csvLimits.maxBytes + 1, 'a'), /zu groß/],
    ];
    for (const [bytes, message] of cases) {
      const res = await convert(s, bytes);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    // JSON to the multipart route, on purpose.
    const json = await s.call('convertCsvToJson', { token: admin, rawBody: { file: 'Vorname;Nachname' } });
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/multipart/);
  });

  test('bounded work (issue 19): more than 200 columns or a hostile 4 MB file answer a German 400 at once', async () => {
    const wide = ['Vorname', 'Nachname', ...Array.from({ length: 248 }, (_, i) => `Spalte ${i}`)].join(';');
    const res = await convert(s, `${wide}\nAnna;Adler\n`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe('Die Datei hat mehr als 200 Spalten (Zeile 1). Bitte nur die Spalten der Vorlage verwenden.');
    const lateRow = await convert(s, `Vorname;Nachname\nAnna;Adler\nBert;Berg${';x'.repeat(300)}\n`);
    expect(lateRow.body.message).toBe('Die Datei hat mehr als 200 Spalten (Zeile 3). Bitte nur die Spalten der Vorlage verwenden.');
    // Just under 4 MB each: a header of a million separators above 200 rows, and two million empty records.
    const hostile: [string, string, RegExp][] = [
      ['columns', `Vorname;Nachname${';'.repeat(1_000_000)}\n${'A;B;;;;;;;;;;;;\n'.repeat(200)}`, /mehr als 200 Spalten \(Zeile 1\)/],
      ['rows', `Vorname;Nachname\n${';\n'.repeat(2_000_000)}`, /mehr als 20000 Zeilen/],
    ];
    for (const [name, text, message] of hostile) {
      const started = performance.now();
      const answer = await convert(s, text);
      expect(answer.status, name).toBe(400);
      expect(answer.body.message, name).toMatch(message);
      expect(performance.now() - started, name).toBeLessThan(1500);
    }
  });
});


describe('admin only', () => {
  test('a company user gets 403 from every tool route and nothing is written', async () => {
    const t = await createTenant(s);
    const csv = await convert(s, 'Vorname;Nachname\nA;B\n', { token: t.user.token });
    expect(csv.status).toBe(403);
    const imp = await s.call('toolsImport', { token: t.user.token, body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname'], rows: [{ line: 2, firstname: 'A', lastname: 'B' }] } });
    expect(imp.status).toBe(403);
    const legacy = await s.call('toolsLegacyConvert', { token: t.user.token, body: { vcardCompanyId: 'x', companyId: t.company.id } });
    expect(legacy.status).toBe(403);
    expect(await cardsOf(t.profile.id)).toEqual([]);
  });
});
