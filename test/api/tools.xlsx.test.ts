import { beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { useTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import type { ApiResponse } from '../helpers/api-client.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { readXlsx } from '../helpers/sheetjs.ts';
import { makeZip } from '../helpers/zip.ts';
import { toolsHelpers } from './tools-helpers.ts';

// The import tools with .xlsx files: the same row mapping, row numbers and matching as CSV; the
// round trip export -> spreadsheet -> import; templates; hostile and wrong files.

const s = useTestServer();
const { importRows, cardsOf } = toolsHelpers(s);
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function convert(server: TestServer, bytes: Buffer, o: { sheet?: string; filename?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: XLSX_TYPE }), o.filename ?? 'mitarbeiter.xlsx');
  if (o.sheet !== undefined) form.append('sheet', o.sheet);
  const started = performance.now();
  const res = await fetch(`${server.baseUrl}/api/convert/csvtojson`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
  return { status: res.status, body: (await res.json()) as any, ms: performance.now() - started };
}

/** A workbook as another program (SheetJS) saves it: sheets of rows (arrays of cells). */
function workbook(sheets: Record<string, unknown[][]>, edit?: (ws: Record<string, XLSX.WorkSheet>) => void): Buffer {
  const book = XLSX.utils.book_new();
  const made: Record<string, XLSX.WorkSheet> = {};
  for (const [name, rows] of Object.entries(sheets)) {
    made[name] = XLSX.utils.aoa_to_sheet(rows);
    XLSX.utils.book_append_sheet(book, made[name], name);
  }
  edit?.(made);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** A file the admin downloads (an export, the template), through the typed client. */
async function download(call: Promise<ApiResponse>): Promise<Buffer> {
  const res = await call;
  expect(res.status).toBe(200);
  return res.bytes;
}

describe('XLSX import', () => {
  test('round trip: export to XLSX, edit in a spreadsheet, import back: the edit lands, a new row is added, nothing is duplicated', async () => {
    const t = await createTenant(s);
    const profile = await createProfile(s, t.company.id, { profilname: 'Dresden', adressen: [{ straße: 'Prager Straße 5', plz: '01067', ort: 'Dresden', land: 'Deutschland' }] });
    for (const [first, last, mail] of [['Jörg', 'Äbert', 'joerg'], ['Anna', 'Berg', 'anna'], ['Ömer', 'Cem', 'oemer']] as const) {
      const res = await s.call('personCreate', { token: admin,
        body: { companyProfilId: profile.id, adresseId: profile.adressen[0]!.adresseId, firstname: first, lastname: last, tel: [{ type: 'work', value: '+49 351 1234567' }], email: [{ type: 'work1', value: `${mail}@beispiel.de` }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const exported = await download(s.call('personExport', { params: { companyId: t.company.id }, query: { format: 'xlsx' }, token: admin }));

    // The spreadsheet: every value as typed; one position edited, one row added below.
    const book = XLSX.read(exported, { type: 'buffer' });
    const ws = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true });
    const header = rows[0] as string[];
    const col = (name: string) => header.indexOf(name);
    expect(rows[1]![col('PLZ')]).toBe('01067');
    expect(rows[1]![col('Telefon geschäftlich')]).toBe('+49 351 1234567');
    const edited = rows.map((r) => [...r]);
    edited[2]![col('Position')] = 'Leitung Süd';
    const added = header.map(() => '' as unknown);
    Object.assign(added, { [col('Nachname')]: 'Neu', [col('Vorname')]: 'Nina', [col('E-Mail 1')]: 'nina@beispiel.de', [col('PLZ')]: '01067', [col('Straße')]: 'Prager Straße 5', [col('Ort')]: 'Dresden', [col('Land')]: 'Deutschland', [col('Profil')]: 'Dresden', [col('Aktiv')]: 'Ja' });
    edited.push(added);
    const saved = workbook({ Visitenkarten: edited });

    const converted = await convert(s, saved);
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body).toMatchObject({ format: 'xlsx', sheets: ['Visitenkarten'], sheet: 'Visitenkarten', errors: [] });
    expect(converted.body.data).toHaveLength(4);
    expect(converted.body.data[0]).toMatchObject({ line: 2, adresse: { plz: '01067' }, tel: [{ type: 'work', value: '+49 351 1234567' }] });
    const results = await importRows(t.company.id, profile.id, converted.body);
    expect(results.map((r) => r.status)).toEqual(['unchanged', 'updated', 'unchanged', 'created']);
    const cards = await cardsOf(profile.id);
    expect(cards).toHaveLength(4);
    expect(cards.find((c) => c.lastname === 'Berg').position).toBe('Leitung Süd');
    expect(cards.find((c) => c.lastname === 'Neu').adresseId).toBe(profile.adressen[0]!.adresseId);

    // The same file again: nothing changes.
    expect((await importRows(t.company.id, profile.id, converted.body)).map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged', 'unchanged']);
  });

  test('templates: "Vorlage herunterladen" as XLSX and CSV carry the expected columns and one example row; a filled-in template imports', async () => {
    const template = await download(s.call('toolsTemplate', { query: { format: 'xlsx' }, token: admin }));
    const x = readXlsx(template);
    expect(x.header.slice(0, 2)).toEqual(['Nachname', 'Vorname']);
    expect(x.header).toEqual(expect.arrayContaining(['E-Mail 1', 'Telefon geschäftlich', 'PLZ', 'Aktiv']));
    expect(x.header).not.toContain('ID');
    expect(x.rows).toBe(1);
    expect(x.cell(0, 'PLZ')).toMatchObject({ t: 's', v: '01067' });
    const csv = (await download(s.call('toolsTemplate', { token: admin }))).toString('utf8');
    expect(csv.split('\r\n')[0]).toContain('"Nachname";"Vorname"');
    expect(csv).toContain('"=""01067"""');

    // HR fills in the template (keeping the example row) in their spreadsheet.
    const t = await createTenant(s);
    const book = XLSX.read(template, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true, defval: '' });
    const header = rows[0] as string[];
    const person = (last: string, first: string, mail: string) => header.map((h) => ({ Nachname: last, Vorname: first, 'E-Mail 1': mail, PLZ: 1067, Aktiv: 'Nein' } as Record<string, unknown>)[h] ?? '');
    const filled = workbook({ Visitenkarten: [header, rows[1]!, person('Weiß', 'Günther', 'g@beispiel.de'), person('Groß', 'Änne', 'a@beispiel.de')] });
    const converted = await convert(s, filled);
    expect(converted.status, JSON.stringify(converted.body)).toBe(200);
    expect(converted.body.errors).toEqual([]);
    // A postcode the spreadsheet stored as the number 1067 gets its leading zero back.
    expect(converted.body.data[1]).toMatchObject({ line: 3, lastname: 'Weiß', adresse: { plz: '01067' }, isActive: false });
    const results = await importRows(t.company.id, t.profile.id, converted.body);
    expect(results.map((r) => r.status)).toEqual(['created', 'created', 'created']);
    expect((await cardsOf(t.profile.id)).map((c) => c.lastname).sort()).toEqual(['Groß', 'Mustermann', 'Weiß']);
  });

  test('the first sheet unless another is chosen; row numbers are the sheet\'s; empty header cells with data and merged header cells are named', async () => {
    const file = workbook({
      Hinweise: [['Bitte Blatt „Mitarbeiter“ ausfüllen']],
      Mitarbeiter: [[], ['Vorname', 'Nachname', '', 'E-Mail 1'], ['Eva', 'Adam', 'Notiz', 'eva@beispiel.de'], ['Max', '', '', 'max@beispiel.de']],
    });
    const first = await convert(s, file);
    expect(first.status).toBe(400);
    expect(first.body.message).toMatch(/^Keine Kopfzeile gefunden.* \(Gelesen wurde das Tabellenblatt „Hinweise“; die Datei enthält auch: Mitarbeiter\.\)$/);
    expect(first.body.fieldErrors.sheets).toBe('Hinweise\nMitarbeiter');
    const chosen = await convert(s, file, { sheet: 'Mitarbeiter' });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body).toMatchObject({ sheets: ['Hinweise', 'Mitarbeiter'], sheet: 'Mitarbeiter', ignoredColumns: ['Spalte C (ohne Überschrift)'] });
    expect(chosen.body.data).toEqual([expect.objectContaining({ line: 3, firstname: 'Eva' })]);
    expect(chosen.body.errors).toEqual([expect.objectContaining({ line: 4, column: 'Nachname', message: 'Pflichtfeld' })]);
    const missing = await convert(s, file, { sheet: 'Personal' });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Das Tabellenblatt „Personal“ gibt es in der Datei nicht (vorhanden: Hinweise, Mitarbeiter).');

    const merged = workbook({ Liste: [['Name', '', 'Vorname', 'Nachname'], ['x', 'y', 'A', 'B']] }, (ws) => { ws.Liste!['!merges'] = [XLSX.utils.decode_range('A1:B1')]; });
    const refused = await convert(s, merged);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Die Kopfzeile enthält verbundene Zellen (A1:B1). Bitte die Verbindung aufheben, damit jede Spalte eine eigene Überschrift hat.');
  });

  test('zip bombs, lying sizes, wrong and broken files: a German 400 within a second, nothing inflated beyond the bounds', async () => {
    const sheet = Buffer.from('<worksheet><sheetData>' + ' '.repeat(1000) + '</sheetData></worksheet>');
    const parts = (extra: { name: string; data: Buffer; declaredSize?: number }[]) => makeZip([
      { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>') },
      { name: 'xl/_rels/workbook.xml.rels', data: Buffer.from('<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>') },
      ...extra,
    ]);
    const zeros = Buffer.alloc(8 * 1024 * 1024);
    const cases: [string, Buffer, RegExp][] = [
      // 12 entries of 8 MB zeros: 96 MB declared (honestly), a few KB on the wire.
      ['bomb', parts([{ name: 'xl/worksheets/sheet1.xml', data: sheet }, ...Array.from({ length: 12 }, (_, i) => ({ name: `xl/media/pad${i}.bin`, data: zeros }))]), /entpackt größer als 64 MB/],
      // The sheet declares 1 KB and inflates to 8 MB.
      ['lying', parts([{ name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: 1000 }]), /entpackt größer als 64 MB/],
      ['docx', makeZip([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]), /^Die Datei ist ein ZIP-Archiv, aber keine Excel-Arbeitsmappe/],
      ['truncated', workbook({ A: [['Vorname', 'Nachname'], ['A', 'B']] }).subarray(0, 900), /beschädigt oder unvollständig/],
      ['xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), /alte Excel-Format \(\.xls\)/],
      ['broken xml', parts([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Vorname</t></is></c>') }]), /beschädigt|Keine Kopfzeile/],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await convert(s, bytes);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(res.body.message, name).toMatch(message);
      expect(res.ms, name).toBeLessThan(1000);
    }
  });

  test('more than 200 columns: a German 400 naming the row, for XLSX and CSV alike', async () => {
    const wide = ['Vorname', 'Nachname', ...Array.from({ length: 199 }, (_, i) => `Extra ${i}`)];
    const res = await convert(s, workbook({ Liste: [wide, ['A', 'B']] }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Die Datei hat mehr als 200 Spalten (Zeile 1). Bitte nur die Spalten der Vorlage verwenden.');
  });
});
