import { beforeAll, describe, expect, test } from 'vitest';
import type { BodyOf } from '../helpers/api-client.ts';
import { useTestServer } from '../helpers/server.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

/** Raw bytes: decoding as text would silently drop the BOM this test is about. */
async function download(companyId: string, token?: string) {
  const res = await s.call('personExport', { params: { companyId }, token });
  return { res, bytes: res.bytes };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') { row.push(cell); cell = ''; }
    else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; }
    else cell += c;
  }
  return rows;
}

describe('GET /api/v2/admin/company/{companyId}/export', () => {
  test('CSV for German Excel: BOM, semicolons, German headers, one row per card, safe cells', async () => {
    const t = await createTenant(s, 'Müller & Söhne GmbH');
    const other = await createTenant(s);
    const mk = (body: Omit<BodyOf<'personCreate'>, 'companyProfilId'>) =>
      s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, ...body } });
    expect((await mk({
      firstname: 'Jörg', lastname: 'Äbert', position: 'Leiter "Vertrieb"; Nord', nice: 'JÄ',
      adresseId: t.profile.adressen[0]!.adresseId,
      tel: [{ type: 'work', value: '+49 30 123' }, { type: 'cell', value: '0171 1' }],
      email: [{ type: 'work1', value: 'joerg@mueller.de' }, { type: 'work2', value: 'info@mueller.de' }],
      social: [{ type: 'xing', link: 'https://xing.com/jae' }],
      url: 'https://mueller.de',
    })).status).toBe(200);
    expect((await mk({ firstname: '=HYPERLINK("http://böse.de","klick")', lastname: 'Zander', position: '@SUM(A1)', nice: '-1+2', isActive: false })).status).toBe(200);
    expect((await mk({ firstname: 'Ömer', lastname: 'Özdemir', firmenname: '\t=cmd|\' /C calc\'!A0' })).status).toBe(200);
    await s.call('personCreate', { token: other.user.token, body: { companyProfilId: other.profile.id, firstname: 'Fremd', lastname: 'Firma' } });

    const { res, bytes } = await download(t.company.id, admin);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="visitenkarten-mueller-soehne-gmbh-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''visitenkarten-mueller-soehne-gmbh-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const text = bytes.subarray(3).toString('utf8');
    expect(text).toContain('Äbert');
    const [header, ...rows] = parseCsv(text);
    expect(header!.slice(0, 9)).toEqual(['Nachname', 'Vorname', 'Kürzel', 'Position', 'Profil', 'Firmenname', 'Organisation', 'Telefon geschäftlich', 'Mobil']);
    expect(header).toEqual(expect.arrayContaining(['E-Mail 1', 'E-Mail 2', 'Webseite', 'Xing', 'Straße', 'PLZ', 'Ort', 'Aktiv', 'Erstellt am', 'ID']));
    expect(rows).toHaveLength(3);
    expect(rows.map((r) => r[0])).toEqual(['Äbert', 'Özdemir', 'Zander']);
    const col = (row: string[], name: string) => row[header!.indexOf(name)];

    const [joerg, oemer, zander] = rows as [string[], string[], string[]];
    expect(col(joerg, 'Position')).toBe('Leiter "Vertrieb"; Nord');
    // Phone numbers and postcodes keep their form in a spreadsheet as a ="…" text literal, with no apostrophe.
    expect(col(joerg, 'Telefon geschäftlich')).toBe('="+49 30 123"');
    expect(col(joerg, 'Mobil')).toBe('="0171 1"');
    expect(col(joerg, 'E-Mail 2')).toBe('info@mueller.de');
    expect(col(joerg, 'Xing')).toBe('https://xing.com/jae');
    expect(col(joerg, 'Straße')).toBe('Hauptstraße 1');
    expect(col(joerg, 'PLZ')).toBe('="10115"');
    expect(col(joerg, 'Aktiv')).toBe('Ja');
    expect(col(joerg, 'Erstellt am')).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/);
    expect(col(zander, 'Vorname')).toBe(`'=HYPERLINK("http://böse.de","klick")`);
    expect(col(zander, 'Position')).toBe("'@SUM(A1)");
    expect(col(zander, 'Kürzel')).toBe("'-1+2");
    expect(col(zander, 'Aktiv')).toBe('Nein');
    // The API trims the tab away; what is left still starts with = and is neutralised.
    expect(col(oemer, 'Firmenname')).toBe("'=cmd|' /C calc'!A0");
    expect(rows.flat()).not.toContain('Fremd');
    // No cell a spreadsheet would evaluate, apart from ="…" literals of digits, spaces and + - ( ) / .
    for (const cell of rows.flat()) expect(cell).toMatch(/^(?![=+\-@\t\r])|^="[+-]?[0-9][0-9 ()/.-]*"$/);
  });

  test('cells taken from the profile (its name and the card\'s address) are neutralised too', async () => {
    const t = await createTenant(s);
    const profile = await createProfile(s, t.company.id, {
      profilname: '=HYPERLINK("http://böse.de","Profil")',
      adressen: [{ straße: '@SUM(A1)', plz: '+1234', ort: '-2+3', bundesland: '=1+1', land: ' =cmd' }],
    });
    const res = await s.call('personCreate', { token: t.user.token,
      body: { companyProfilId: profile.id, firstname: 'Anna', lastname: 'Adler', adresseId: profile.adressen[0]!.adresseId } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { bytes } = await download(t.company.id, admin);
    const [header, row] = parseCsv(bytes.subarray(3).toString('utf8')) as [string[], string[]];
    const col = (name: string) => row[header.indexOf(name)];
    expect(col('Profil')).toBe(`'=HYPERLINK("http://böse.de","Profil")`);
    expect(col('Straße')).toBe("'@SUM(A1)");
    expect(col('PLZ')).toBe('="+1234"');
    expect(col('Ort')).toBe("'-2+3");
    expect(col('Bundesland')).toBe("'=1+1");
    // The API trims the leading space; what is left starts with = and is neutralised.
    expect(col('Land')).toBe("'=cmd");
  });

  test('a company without cards gives just the header; an unknown company 404', async () => {
    const t = await createTenant(s);
    const { res, bytes } = await download(t.company.id, admin);
    expect(res.status).toBe(200);
    expect(parseCsv(bytes.subarray(3).toString('utf8'))).toHaveLength(1);
    expect((await download('gibt-es-nicht', admin)).res.status).toBe(404);
  });

  test('admins only: company users get 403 (even their own company), anonymous 401', async () => {
    const a = await createTenant(s);
    const b = await createTenant(s);
    expect((await download(a.company.id, admin)).res.status).toBe(200);
    expect((await download(a.company.id, a.user.token)).res.status).toBe(403);
    expect((await download(a.company.id, b.user.token)).res.status).toBe(403);
    expect((await download(a.company.id)).res.status).toBe(401);
  });
});
