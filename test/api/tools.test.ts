import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { createProfile, createTenant, getCompany } from '../helpers/card-fixtures.ts';
import { csvLimits } from '../../shared/schemas/tools.ts';
import { DeleteCommand, GetCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { matchKeyHash } from '../../functions/domain/persons/match-index.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

/** Windows-1252 bytes of `text` (what German Excel's "CSV (Trennzeichen-getrennt)" writes). */
function cp1252(text: string): Buffer {
  const table: Record<string, number> = { '€': 0x80, '„': 0x84, '“': 0x93, '–': 0x96 };
  return Buffer.from([...text].map((ch) => table[ch] ?? (ch.charCodeAt(0) < 256 ? ch.charCodeAt(0) : 0x3f)));
}

async function convert(server: TestServer, bytes: Buffer | string, o: { token?: string; filename?: string } = {}) {
  const form = new FormData();
  form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], { type: 'text/csv' }), o.filename ?? 'mitarbeiter.csv');
  const res = await fetch(`${server.baseUrl}/api/convert/csvtojson`, { method: 'POST', body: form, headers: { authorization: `Bearer ${o.token ?? admin}` } });
  return { status: res.status, body: (await res.json()) as any };
}

/** Sends rows in batches as the tools screen does; answers every row's result. */
async function importRows(companyId: string, profileId: string, converted: { data: any[]; fields: string[] }, batch = 100) {
  const results: any[] = [];
  for (let i = 0; i < converted.data.length; i += batch) {
    const res = await s.api('POST', '/api/tools/import', {
      token: admin, body: { companyId, profileId, fields: converted.fields, rows: converted.data.slice(i, i + batch) },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    results.push(...res.body.results);
  }
  return results;
}

async function exportCsv(companyId: string): Promise<Buffer> {
  const res = await fetch(`${s.baseUrl}/api/v2/admin/company/${companyId}/export`, { headers: { authorization: `Bearer ${admin}` } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

async function cardsOf(profileId: string): Promise<any[]> {
  const res = await s.api('GET', `/api/card/company/person/all/${profileId}?limit=500`, { token: admin });
  expect(res.status).toBe(200);
  return res.body.items;
}

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
    expect(res.body.data[0].tel).toEqual([{ type: 'work', value: '+49 30 123' }]);
    expect(res.body.data[0].email).toEqual([{ type: 'work1', value: 'joerg@example.de' }]);
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
      [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), /Binärdaten/],
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
    const json = await s.api('POST', '/api/convert/csvtojson', { token: admin, body: { file: 'Vorname;Nachname' } });
    expect(json.status).toBe(415);
    expect(json.body.message).toMatch(/multipart/);
  });
});

describe('POST /api/tools/import', () => {
  const header = 'Vorname;Nachname;E-Mail 1;Position;Aktiv';
  const people = (n: number, position = 'Team') =>
    Array.from({ length: n }, (_, i) => `Vor${i};Nach${i};p${i}@example.de;${position};${i % 2 ? 'Nein' : 'Ja'}`);

  test('importing the same file twice creates no duplicates and changes nothing; counters and credits follow the card rules', async () => {
    const t = await createTenant(s, undefined, { credits: 100 });
    const converted = (await convert(s, [header, ...people(12)].join('\n'))).body;
    const first = await importRows(t.company.id, t.profile.id, converted, 5);
    expect(first.map((r) => r.status)).toEqual(Array(12).fill('created'));
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 12, cardCountActive: 6 });
    const credit = await s.api('GET', `/api/card/company/credit/${t.company.id}`, { token: admin });
    expect(credit.body.credits).toBe(94);

    const second = await importRows(t.company.id, t.profile.id, converted, 5);
    expect(second.map((r) => r.status)).toEqual(Array(12).fill('unchanged'));
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const cards = await cardsOf(t.profile.id);
    expect(cards).toHaveLength(12);
    expect(cards.every((c) => c.version === 1)).toBe(true);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 12, cardCountActive: 6 });

    // A changed file updates the matching cards (by name and first e-mail) and keeps what it does not cover.
    const edited = cards.find((c) => c.firstname === 'Vor3')!;
    const formEdit = await s.api('PATCH', `/api/card/company/person/${edited.id}`, {
      token: admin, body: { ...edited, url: 'https://vor3.example', tel: [{ type: 'cell', value: '0171 3' }] },
    });
    expect(formEdit.status, JSON.stringify(formEdit.body)).toBe(200);
    const changed = (await convert(s, [header, ...people(12, 'Vertrieb')].join('\n'))).body;
    const third = await importRows(t.company.id, t.profile.id, changed);
    expect(third.map((r) => r.status)).toEqual(Array(12).fill('updated'));
    const after = (await cardsOf(t.profile.id)).find((c) => c.id === edited.id)!;
    expect(after).toMatchObject({ position: 'Vertrieb', url: 'https://vor3.example', tel: [{ type: 'cell', value: '0171 3' }], isActive: false });
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 12, cardCountActive: 6 });
  });

  test('cards made or renamed in the card form are matched by name and first e-mail (the match index follows every card write)', async () => {
    const t = await createTenant(s);
    const mk = await s.api('POST', '/api/card/company/person', { token: admin, body: { companyProfilId: t.profile.id, firstname: 'Form', lastname: 'Karte', email: [{ type: 'work1', value: 'form@example.de' }] } });
    expect(mk.status).toBe(200);
    const row = (first: string) => ({ line: 2, firstname: first, lastname: 'Karte', email: [{ type: 'work1', value: 'FORM@example.de' }], position: 'Neu' });
    const send = (first: string) => s.api('POST', '/api/tools/import', { token: admin, body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname', 'email.work1', 'position'], rows: [row(first)] } });
    expect((await send('Form')).body.results[0]).toMatchObject({ status: 'updated', id: mk.body.id });
    const current = (await s.api('GET', `/api/card/company/person/${mk.body.id}`, { token: admin })).body;
    expect((await s.api('PATCH', `/api/card/company/person/${mk.body.id}`, { token: admin, body: { ...current, firstname: 'Umbenannt' } })).status).toBe(200);
    expect((await send('Umbenannt')).body.results[0]).toMatchObject({ status: 'unchanged', id: mk.body.id });
    // The old name no longer matches it: a new card.
    expect((await send('Form')).body.results[0]).toMatchObject({ status: 'created' });
    expect((await s.api('DELETE', `/api/card/company/person/${mk.body.id}`, { token: admin })).status).toBe(200);
    expect((await send('Umbenannt')).body.results[0]).toMatchObject({ status: 'created' });
    expect(await cardsOf(t.profile.id)).toHaveLength(2);
  });

  test('cards from before the match index are found: the first import of a company adds them once', async () => {
    const t = await createTenant(s);
    const body = { companyProfilId: t.profile.id, firstname: 'Alt', lastname: 'Bestand', email: [{ type: 'work1', value: 'alt@example.de' }] };
    const old = await s.api('POST', '/api/card/company/person', { token: admin, body });
    expect(old.status).toBe(200);
    // As written before the index existed: no entry for it.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.cardMatch(t.company.id, matchKeyHash(body)) }));
    const res = await s.api('POST', '/api/tools/import', { token: admin, body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname', 'email.work1'], rows: [{ line: 2, ...body }] } });
    expect(res.body.results).toEqual([expect.objectContaining({ status: 'unchanged', id: old.body.id })]);
    const marker = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cardMatchIndexed(t.company.id) }));
    expect(marker.Item).toMatchObject({ cards: 1 });
    expect(await cardsOf(t.profile.id)).toHaveLength(1);
  });

  test('an interrupted import started again finishes the job without duplicates', async () => {
    const t = await createTenant(s);
    const converted = (await convert(s, [header, ...people(25)].join('\n'))).body;
    // The browser stopped after the first two batches.
    await importRows(t.company.id, t.profile.id, { ...converted, data: converted.data.slice(0, 10) }, 5);
    expect(await cardsOf(t.profile.id)).toHaveLength(10);
    const resumed = await importRows(t.company.id, t.profile.id, converted, 5);
    expect(resumed.filter((r) => r.status === 'unchanged')).toHaveLength(10);
    expect(resumed.filter((r) => r.status === 'created')).toHaveLength(15);
    const cards = await cardsOf(t.profile.id);
    expect(cards).toHaveLength(25);
    expect(new Set(cards.map((c) => c.email[0].value)).size).toBe(25);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 25 });
  });

  test('rows that cannot be written fail one by one with a German message (not enough credits); the others are written', async () => {
    const t = await createTenant(s, undefined, { credits: 2 });
    const converted = (await convert(s, [header, 'A;Eins;a1@example.de;;Ja', 'B;Zwei;b2@example.de;;Ja', 'C;Drei;c3@example.de;;Ja', 'D;Vier;d4@example.de;;Nein'].join('\n'))).body;
    const results = await importRows(t.company.id, t.profile.id, converted);
    expect(results.map((r) => r.status)).toEqual(['created', 'created', 'failed', 'created']);
    expect(results[2]).toMatchObject({ line: 4, name: 'C Drei', message: expect.stringMatching(/^Nicht genügend Credits/) });
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 3, cardCountActive: 2 });
  });

  test('export, import, export: the same rows (into another company with the same profile), and unchanged in the same company', async () => {
    const a = await createTenant(s);
    const aName = (await s.api('GET', `/api/card/company/profil/${a.profile.id}`, { token: admin })).body.profilname as string;
    const second = await createProfile(s, a.company.id, { profilname: 'Zweitprofil', adressen: [{ straße: 'Ring 3', plz: '50667', ort: 'Köln' }] });
    const mk = (body: Record<string, unknown>) => s.api('POST', '/api/card/company/person', { token: admin, body });
    for (const body of [
      {
        companyProfilId: a.profile.id, adresseId: a.profile.adressen[1]!.adresseId, firstname: 'Jörg', lastname: 'Äbert', nice: 'Dr.',
        position: 'Leiter "Vertrieb"; Nord', firmenname: 'Äbert GmbH', org: 'Vertrieb', url: 'https://example.de/jörg',
        tel: [{ type: 'work', value: '+49 30 123' }, { type: 'cell', value: '0171 1' }],
        email: [{ type: 'work1', value: 'joerg@example.de' }, { type: 'work3', value: 'j3@example.de' }],
        social: [{ type: 'xing', link: 'https://xing.com/jae' }, { type: 'facebook', link: 'https://facebook.com/jae' }],
      },
      { companyProfilId: second.id, adresseId: second.adressen[0]!.adresseId, firstname: 'Özlem', lastname: 'Zander', position: '=1+2', isActive: false },
      { companyProfilId: a.profile.id, firstname: 'Ohne', lastname: 'Mail' },
    ]) expect((await mk(body)).status).toBe(200);

    const exportA = await exportCsv(a.company.id);
    const converted = (await convert(s, exportA)).body;
    expect(converted.errors).toEqual([]);
    expect(converted.data).toHaveLength(3);

    // Same company: every row matches its card by the ID column; nothing is written.
    const same = await importRows(a.company.id, a.profile.id, converted);
    expect(same.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect((await exportCsv(a.company.id)).equals(exportA)).toBe(true);

    // Another company with the same profiles: new cards, the same rows apart from ID and creation time.
    const b = await createTenant(s, a.company.org.replace(/$/, ' B'));
    await s.api('PATCH', `/api/card/company/profil/${b.profile.id}`, { token: admin, body: { ...b.profile, profilname: aName, adressen: a.profile.adressen } });
    await createProfile(s, b.company.id, { profilname: 'Zweitprofil', adressen: [{ straße: 'Ring 3', plz: '50667', ort: 'Köln' }] });
    const created = await importRows(b.company.id, b.profile.id, converted);
    expect(created.map((r) => [r.status, r.message])).toEqual([['created', undefined], ['created', undefined], ['created', undefined]]);
    const rowsOf = (csv: Buffer) => csv.toString('utf8').split('\r\n').map((line) => line.split(';').slice(0, -2).join(';'));
    expect(rowsOf(await exportCsv(b.company.id))).toEqual(rowsOf(exportA));
  });

  test('another company\'s card id is no match; an unknown profile or company is a 404', async () => {
    const a = await createTenant(s);
    const b = await createTenant(s);
    const card = await s.api('POST', '/api/card/company/person', { token: admin, body: { companyProfilId: b.profile.id, firstname: 'Fremd', lastname: 'Karte' } });
    const rows = [{ line: 2, id: card.body.id, firstname: 'Eigen', lastname: 'Karte' }];
    const res = await s.api('POST', '/api/tools/import', { token: admin, body: { companyId: a.company.id, profileId: a.profile.id, fields: ['id', 'firstname', 'lastname'], rows } });
    expect(res.body.results).toEqual([expect.objectContaining({ status: 'created' })]);
    expect(res.body.results[0].id).not.toBe(card.body.id);
    expect((await s.api('GET', `/api/card/company/person/${card.body.id}`, { token: admin })).body.firstname).toBe('Fremd');
    const wrongProfile = await s.api('POST', '/api/tools/import', { token: admin, body: { companyId: a.company.id, profileId: b.profile.id, fields: ['firstname', 'lastname'], rows } });
    expect(wrongProfile.status).toBe(404);
    const unknownName = await s.api('POST', '/api/tools/import', { token: admin, body: { companyId: a.company.id, profileId: a.profile.id, fields: ['firstname', 'lastname', 'profil'], rows: [{ line: 3, firstname: 'Neu', lastname: 'Profillos', profil: 'Gibt es nicht' }] } });
    expect(unknownName.body.results).toEqual([expect.objectContaining({ status: 'created', message: 'Profil „Gibt es nicht“ gibt es in diesem Unternehmen nicht: ins gewählte Profil übernommen' })]);
    expect(wrongProfile.body.message).toBe('Profil nicht gefunden');
  });
});

describe('POST /api/tools/legacy-convert', () => {
  test('a legacy company and its persons become a profile and cards; a second run duplicates nothing', async () => {
    const t = await createTenant(s);
    const legacy = await s.api('POST', '/api/vcard/company', { token: admin, body: { org: `Altfirma ${Date.now()}`, plz: '12345', ort: 'Altstadt', straße: 'Alter Weg 1', claim: 'Seit 1900' } });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    for (const p of [
      { firstname: 'Alt', lastname: 'Eins', position: 'Chef', email: [{ type: 'work1', value: 'alt1@example.de' }], tel: [{ type: 'work', value: '030 1' }] },
      { firstname: 'Alt', lastname: 'Zwei' },
    ]) expect((await s.api('POST', '/api/vcard/person', { token: admin, body: { companyId: legacy.body.id, ...p } })).status).toBe(200);

    const run = () => s.api('POST', '/api/tools/legacy-convert', { token: admin, body: { vcardCompanyId: legacy.body.id, companyId: t.company.id } });
    const first = await run();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ profilname: legacy.body.org, profileCreated: true });
    expect(first.body.results.map((r: any) => r.status).sort()).toEqual(['created', 'created']);
    const profile = await s.api('GET', `/api/card/company/profil/${first.body.profileId}`, { token: admin });
    expect(profile.body).toMatchObject({ companyId: t.company.id, claim: 'Seit 1900', adressen: [expect.objectContaining({ straße: 'Alter Weg 1', plz: '12345', ort: 'Altstadt' })] });
    const cards = await cardsOf(first.body.profileId);
    expect(cards.map((c) => `${c.firstname} ${c.lastname}`).sort()).toEqual(['Alt Eins', 'Alt Zwei']);
    expect(cards.find((c) => c.lastname === 'Eins')).toMatchObject({ position: 'Chef', tel: [{ type: 'work', value: '030 1' }] });

    const again = await run();
    expect(again.body).toMatchObject({ profileId: first.body.profileId, profileCreated: false });
    expect(again.body.results.map((r: any) => r.status)).toEqual(['unchanged', 'unchanged']);
    expect(await cardsOf(first.body.profileId)).toHaveLength(2);

    const missing = await s.api('POST', '/api/tools/legacy-convert', { token: admin, body: { vcardCompanyId: 'gibt-es-nicht', companyId: t.company.id } });
    expect(missing.status).toBe(404);
  });
});

describe('admin only', () => {
  test('a company user gets 403 from every tool route and nothing is written', async () => {
    const t = await createTenant(s);
    const csv = await convert(s, 'Vorname;Nachname\nA;B\n', { token: t.user.token });
    expect(csv.status).toBe(403);
    const imp = await s.api('POST', '/api/tools/import', {
      token: t.user.token, body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname'], rows: [{ line: 2, firstname: 'A', lastname: 'B' }] },
    });
    expect(imp.status).toBe(403);
    const legacy = await s.api('POST', '/api/tools/legacy-convert', { token: t.user.token, body: { vcardCompanyId: 'x', companyId: t.company.id } });
    expect(legacy.status).toBe(403);
    expect(await cardsOf(t.profile.id)).toEqual([]);
  });
});
