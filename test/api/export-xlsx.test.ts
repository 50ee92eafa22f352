import { beforeAll, describe, expect, test } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { ADMIN, useTestServer } from '../helpers/server.ts';
import type { ApiResponse, BodyOf } from '../helpers/api-client.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { formulas, readXlsx, zipEntry } from '../helpers/sheetjs.ts';

// The XLSX exports, read back with SheetJS (not the ExcelTS that wrote them): typed cells, a frozen
// and filtered header, widths that fit, umlauts intact, no formula anywhere.

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

/** An export through the typed client: `res` for status and headers, `bytes` the file. */
async function download(call: Promise<ApiResponse>) {
  const res = await call;
  return { res, bytes: res.bytes };
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Excel's serial day number of a Berlin wall-clock time (what the sheet shows). */
function serialOf(iso: string): number {
  const parts = Object.fromEntries(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' })
    .formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return wall / 86_400_000 + 25569;
}

describe('XLSX exports', () => {
  test('card holders: postcodes, phone numbers and ids are text, the creation time a date, umlauts intact, no formula, header frozen and filtered', async () => {
    const t = await createTenant(s, 'Dresdner Bäckerei & Söhne');
    const profile = await createProfile(s, t.company.id, { profilname: 'Sachsen', adressen: [{ straße: 'Prager Straße 5', plz: '01067', ort: 'Dresden', bundesland: 'Sachsen', land: 'Deutschland' }] });
    const mk = (body: Omit<BodyOf<'personCreate'>, 'companyProfilId'>) => s.call('personCreate', { token: t.user.token, body: { companyProfilId: profile.id, ...body } });
    const joerg = await mk({
      firstname: 'Jörg', lastname: 'Äbert', position: 'Leiter "Vertrieb"; Süd', adresseId: profile.adressen[0]!.adresseId,
      tel: [{ type: 'work', value: '+49 221 1234567' }, { type: 'cell', value: '0171 2345678' }], email: [{ type: 'work1', value: 'joerg@baeckerei.de' }],
    });
    expect(joerg.status, JSON.stringify(joerg.body)).toBe(200);
    expect((await mk({ firstname: '=HYPERLINK("http://böse.de","klick")', lastname: 'Zander', position: '@SUM(A1)', nice: '-1+2', isActive: false })).status).toBe(200);

    const { res, bytes } = await download(s.call('personExport', { params: { companyId: t.company.id }, query: { format: 'xlsx' }, token: admin }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(XLSX_TYPE);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="visitenkarten-dresdner-baeckerei-soehne-\d{4}-\d{2}-\d{2}\.xlsx"/);

    const x = readXlsx(bytes);
    expect(x.name).toBe('Visitenkarten');
    expect(x.header.slice(0, 4)).toEqual(['Nachname', 'Vorname', 'Kürzel', 'Position']);
    expect(x.header.at(-2)).toBe('Erstellt am');
    expect(x.rows).toBe(2);
    expect(x.cell(0, 'Nachname')).toMatchObject({ t: 's', v: 'Äbert' });
    expect(x.cell(0, 'Position')).toMatchObject({ t: 's', v: 'Leiter "Vertrieb"; Süd' });
    expect(x.cell(0, 'PLZ')).toMatchObject({ t: 's', v: '01067' });
    expect(x.cell(0, 'Telefon geschäftlich')).toMatchObject({ t: 's', v: '+49 221 1234567' });
    expect(x.cell(0, 'Mobil')).toMatchObject({ t: 's', v: '0171 2345678' });
    expect(x.cell(0, 'ID')).toMatchObject({ t: 's', v: joerg.body.id });
    // Text columns carry the Text format, so a value typed into them later stays text too.
    expect(x.cell(0, 'PLZ')!.z).toBe('@');
    const created = x.cell(0, 'Erstellt am')!;
    expect(created.t).toBe('n');
    expect(created.z).toBe('dd.mm.yyyy hh:mm');
    expect(created.v as number).toBeCloseTo(serialOf(joerg.body.createdOn), 4);
    // Values are values: the formula-looking texts are plain strings, shown as written.
    expect(x.cell(1, 'Vorname')).toMatchObject({ t: 's', v: '=HYPERLINK("http://böse.de","klick")' });
    expect(x.cell(1, 'Position')).toMatchObject({ t: 's', v: '@SUM(A1)' });
    expect(x.cell(1, 'Kürzel')).toMatchObject({ t: 's', v: '-1+2' });
    expect(x.cell(1, 'Aktiv')).toMatchObject({ t: 's', v: 'Nein' });
    expect(formulas(x.book)).toEqual([]);
    const sheetXml = zipEntry(bytes, 'xl/worksheets/sheet1.xml')!;
    expect(sheetXml).not.toMatch(/<f[ >]/);
    // Header row frozen and filtered (also for LibreOffice, which needs the hidden filter name).
    expect(sheetXml).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(x.sheet['!autofilter']).toEqual({ ref: `A1:${XLSX.utils.encode_col(x.header.length - 1)}1` });
    expect(zipEntry(bytes, 'xl/workbook.xml')).toMatch(/<definedName name="_xlnm\._FilterDatabase" localSheetId="0" hidden="1">'?Visitenkarten'?!\$A\$1:\$[A-Z]+\$1<\/definedName>/);
    // Widths fit the longest value (the e-mail address), within bounds.
    const widths = (x.sheet['!cols'] ?? []).map((c) => c.wch ?? c.width);
    expect(widths).toHaveLength(x.header.length);
    expect(widths[x.header.indexOf('E-Mail 1')]).toBeGreaterThanOrEqual('joerg@baeckerei.de'.length);
    expect(widths[x.header.indexOf('PLZ')]).toBeLessThan(12);
  });

  test('CSV stays the default; an unknown format is a German 400', async () => {
    const t = await createTenant(s);
    expect((await download(s.call('personExport', { params: { companyId: t.company.id }, token: admin }))).res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    // A format the contract does not have, on purpose (raw).
    const bad = await s.api('GET', `/api/v2/admin/company/${t.company.id}/export?format=xls`, { token: admin });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Bitte als Format „csv“ oder „xlsx“ angeben.');
  });

  test('credit history: dates as dates, credits as numbers, for the company\'s own user; CSV alike', async () => {
    const t = await createTenant(s, undefined, { credits: 250 });
    expect((await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: -30, infotext: 'Korrektur für Müller' } })).status).toBe(200);
    const { res, bytes } = await download(s.call('creditHistoryExport', { params: { id: t.company.id }, query: { format: 'xlsx' }, token: t.user.token }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/filename="credits-.+\.xlsx"/);
    const x = readXlsx(bytes);
    expect(x.header).toEqual(['Datum', 'Credits', 'Art', 'Infotext', 'Gebucht von', 'Karte (ID)']);
    expect(x.rows).toBe(2);
    // Newest first.
    expect(x.cell(0, 'Credits')).toMatchObject({ t: 'n', v: -30 });
    expect(x.cell(0, 'Infotext')).toMatchObject({ t: 's', v: 'Korrektur für Müller' });
    expect(x.cell(1, 'Credits')).toMatchObject({ t: 'n', v: 250 });
    expect(x.cell(0, 'Datum')).toMatchObject({ t: 'n', z: 'dd.mm.yyyy hh:mm' });
    // As in the history list (issue 19): a company user sees 'Administrator', never the admin's name or id.
    expect(x.cell(0, 'Gebucht von')).toMatchObject({ t: 's', v: 'Administrator' });
    expect(JSON.stringify(x.sheet)).not.toContain(ADMIN.username);
    expect(formulas(x.book)).toEqual([]);
    const csv = await download(s.call('creditHistoryExport', { params: { id: t.company.id }, token: t.user.token }));
    expect(csv.bytes.subarray(3).toString('utf8').split('\r\n')[1]).toMatch(/^"\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr";"-30";"Manuell";"Korrektur für Müller";/);
  });

  test('statistics tables: the company\'s cards with views per month as numbers; the admin\'s credit statistics per company and month', async () => {
    const t = await createTenant(s, 'Statistik Österreich');
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Ümit', lastname: 'Özil' } });
    expect(card.status).toBe(200);
    const stats = await download(s.call('statisticCompanyExport', { params: { companyId: t.company.id }, query: { format: 'xlsx' }, token: t.user.token }));
    expect(stats.res.status).toBe(200);
    const x = readXlsx(stats.bytes);
    expect(x.header[0]).toBe('Nachname');
    expect(x.header).toHaveLength(2 + 12 + 3);
    expect(x.header[2]).toMatch(/^Aufrufe \d{2}\.\d{4}$/);
    expect(x.cell(0, 'Nachname')).toMatchObject({ t: 's', v: 'Özil' });
    expect(x.cell(0, 'Aufrufe gesamt')).toMatchObject({ t: 'n', v: 0 });
    expect(x.cell(0, x.header[2]!)).toMatchObject({ t: 'n', v: 0 });

    const credit = await download(s.call('creditStatisticsExport', { query: { format: 'xlsx' }, token: admin }));
    expect(credit.res.status).toBe(200);
    const c = readXlsx(credit.bytes);
    expect(c.header.slice(0, 3)).toEqual(['Unternehmen', 'Monat', 'Aktivierungen']);
    const sheet = c.sheet;
    const rowOf = Array.from({ length: c.rows }, (_, i) => i).find((i) => c.cell(i, 'Unternehmen')?.v === 'Statistik Österreich' && i >= 0 && c.cell(i, 'Aktivierungen')?.v === 1);
    expect(rowOf, 'the month of the activation').toBeDefined();
    expect(c.cell(rowOf!, 'Monat')).toMatchObject({ t: 'n', z: 'mm.yyyy' });
    expect(c.cell(rowOf!, 'Kontostand')).toMatchObject({ t: 'n' });
    expect(sheet['!autofilter']).toBeDefined();
    expect((await download(s.call('creditStatisticsExport', { query: { format: 'xlsx' }, token: t.user.token }))).res.status).toBe(403);
  });
});
