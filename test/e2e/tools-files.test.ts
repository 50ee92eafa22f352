import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import * as XLSX from '@e965/xlsx';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { readXlsx } from '../helpers/sheetjs.ts';

// Issue 24 defect 12 and issue 25 in the browser: the tools take Excel files through a styled file
// choice, offer the templates and the expected columns, and the legacy conversion says what it will
// do (and what it costs) before it writes anything.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

function workbook(sheets: Record<string, unknown[][]>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), name);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('tools with files', () => {
  test('a styled file choice, the templates and the expected columns; an Excel file with two sheets is read from the chosen sheet and imported', { timeout: 90_000 }, async () => {
    const tag = Date.now().toString(36);
    const t = await createTenant(s, `Excel ${tag}`);
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, ADMIN);

    await page.goto(`${s.baseUrl}/tools`);
    const templates = page.getByRole('region', { name: 'Vorlage und Spalten' });
    await templates.getByText('Erwartete Spalten').click();
    const columns = templates.getByRole('list', { name: 'Erwartete Spalten' });
    await expect(columns.locator('li').first().innerText()).resolves.toMatch(/^Nachname \(Pflicht\)/);
    await columns.getByText('Vorname (Pflicht)').waitFor();
    await columns.getByText('PLZ').waitFor();
    const download = page.waitForEvent('download');
    await templates.getByRole('button', { name: 'Vorlage herunterladen (Excel)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('vorlage-visitenkarten.xlsx');
    const template = readXlsx(await readFile((await file.path())!));
    expect(template.header.slice(0, 2)).toEqual(['Nachname', 'Vorname']);
    expect(template.cell(0, 'PLZ')).toMatchObject({ t: 's', v: '01067' });
    const csv = page.waitForEvent('download');
    await templates.getByRole('button', { name: 'Vorlage herunterladen (CSV)' }).click();
    expect((await csv).suggestedFilename()).toBe('vorlage-visitenkarten.csv');

    await page.goto(`${s.baseUrl}/tools/json-erstellen`);
    // The browser's own file input is invisible; a button of the back office stands for it.
    const input = page.getByLabel('Tabelle (Excel oder CSV)');
    await expect(input.evaluate((el) => getComputedStyle(el).opacity)).resolves.toBe('0');
    const button = page.locator('label.btn', { hasText: 'Datei auswählen' });
    await expect(button.isVisible()).resolves.toBe(true);
    await page.getByText('Keine Datei ausgewählt').waitFor();
    await page.getByRole('button', { name: 'Vorlage herunterladen (Excel)' }).waitFor();

    const rows = Array.from({ length: 30 }, (_, i) => [`Müller ${tag} ${i}`, 'Jörg', `j${i}.${tag}@beispiel.de`, 1067]);
    const xlsx = workbook({ Hinweise: [['Bitte das Blatt „Mitarbeiter“ füllen']], Mitarbeiter: [['Nachname', 'Vorname', 'E-Mail 1', 'PLZ'], ...rows] });
    await input.setInputFiles({ name: 'personal.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: xlsx });
    await page.getByTestId('file-name').filter({ hasText: /^personal\.xlsx \(\d+ KB\)$/ }).waitFor();
    await page.getByRole('button', { name: 'Umwandeln' }).click();
    await page.getByRole('alert').filter({ hasText: 'Gelesen wurde das Tabellenblatt „Hinweise“; die Datei enthält auch: Mitarbeiter.' }).waitFor();
    await page.getByLabel('Tabellenblatt').selectOption('Mitarbeiter');
    await page.getByText('30 gültige Zeilen').waitFor();
    await page.getByText('Gelesen: Tabellenblatt „Mitarbeiter“').waitFor();

    await page.getByRole('button', { name: 'Weiter zum Import' }).click();
    await page.waitForURL('**/tools/konvertieren');
    const section = page.getByRole('region', { name: 'JSON importieren' });
    await section.getByText('30 Zeilen geladen').waitFor();
    await section.getByLabel('Unternehmen').selectOption({ label: `Excel ${tag}` });
    await section.getByLabel('Profil').selectOption(t.profile.id);
    await section.getByRole('button', { name: 'Import starten' }).click();
    await section.getByRole('status').filter({ hasText: '30 angelegt, 0 aktualisiert, 0 unverändert, 0 fehlgeschlagen' }).waitFor({ timeout: 60_000 });
    const cards = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '100' }, token: await s.adminToken() });
    expect(cards.body.items).toHaveLength(30);
  });

  test('the round trip of issue 25: an admin exports the cards to Excel, edits the file, imports it back: the edit lands, nothing is duplicated', { timeout: 90_000 }, async () => {
    const tag = Date.now().toString(36);
    const t = await createTenant(s, `Rund ${tag}`);
    const admin = await s.adminToken();
    for (const [first, last] of [['Jörg', 'Äbert'], ['Anna', 'Berg']] as const) {
      const res = await s.call('personCreate', { token: admin, body: { companyProfilId: t.profile.id, adresseId: t.profile.adressen[0]!.adresseId, firstname: first, lastname: `${last} ${tag}`, tel: [{ type: 'work', value: '+49 30 1234567' }] } });
      expect(res.status).toBe(200);
    }
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, ADMIN);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte?companyId=${t.company.id}`);
    await page.getByRole('cell', { name: `Äbert ${tag}` }).first().waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Visitenkarten als Excel (.xlsx) herunterladen' }).click();
    const exported = await readFile((await (await download).path())!);

    // In the spreadsheet: every value as typed; a position is changed.
    const book = XLSX.read(exported, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, raw: true });
    const header = rows[0] as string[];
    expect(rows[1]![header.indexOf('Telefon geschäftlich')]).toBe('+49 30 1234567');
    expect(rows[1]![header.indexOf('PLZ')]).toBe('10115');
    rows[2]![header.indexOf('Position')] = 'Leitung Nord';
    const edited = workbook({ Visitenkarten: rows });

    await page.goto(`${s.baseUrl}/tools/json-erstellen`);
    await page.getByLabel('Tabelle (Excel oder CSV)').setInputFiles({ name: 'visitenkarten.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: edited });
    await page.getByRole('button', { name: 'Umwandeln' }).click();
    await page.getByText('2 gültige Zeilen').waitFor();
    await page.getByRole('button', { name: 'Weiter zum Import' }).click();
    const section = page.getByRole('region', { name: 'JSON importieren' });
    await section.getByLabel('Unternehmen').selectOption({ label: `Rund ${tag}` });
    await section.getByLabel('Profil').selectOption(t.profile.id);
    await section.getByRole('button', { name: 'Import starten' }).click();
    await section.getByRole('status').filter({ hasText: '0 angelegt, 1 aktualisiert, 1 unverändert, 0 fehlgeschlagen' }).waitFor({ timeout: 30_000 });
    const cards = (await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '100' }, token: admin })).body.items;
    expect(cards).toHaveLength(2);
    expect(cards.find((c: { lastname: string }) => c.lastname === `Berg ${tag}`)!.position).toBe('Leitung Nord');
  });

  test('legacy conversion: credits are checked first and the plan is shown; without enough credits nothing is written; inactive cards convert for free', { timeout: 60_000 }, async () => {
    const tag = Date.now().toString(36);
    const t = await createTenant(s, `Knapp ${tag}`, { credits: 1 });
    const admin = await s.adminToken();
    const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: `Altbestand ${tag}`, plz: '01067', ort: 'Dresden' } });
    for (const lastname of ['Eins', 'Zwei', 'Drei']) {
      expect((await s.call('vcardPersonCreate', { token: admin, body: { companyId: legacy.body.id, firstname: 'Alt', lastname } })).status).toBe(200);
    }
    const profilesOf = async () => (await s.call('profileList', { params: { companyId: t.company.id }, token: admin })).body.map((p: { profilname: string }) => p.profilname);
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, ADMIN);
    await page.goto(`${s.baseUrl}/tools/konvertieren`);
    const section = page.getByRole('region', { name: 'Alte vcard-Daten konvertieren' });
    await section.getByLabel('Altes Unternehmen (vcard)').selectOption({ label: `Altbestand ${tag}` });
    await section.getByLabel('Unternehmen', { exact: true }).selectOption({ label: `Knapp ${tag}` });
    await section.getByRole('button', { name: 'Konvertieren …' }).click();

    const dialog = page.getByRole('alertdialog', { name: 'Konvertierung bestätigen' });
    await dialog.getByText(`Profil „Altbestand ${tag}“ wird angelegt.`).waitFor();
    await dialog.getByText('3 Karten werden angelegt, 0 aktualisiert, 0 bleiben unverändert.').waitFor();
    await dialog.getByText('Die Aktivierung der neuen Karten kostet 3 Credits (Kontostand: 1).').waitFor();
    await dialog.getByText('Nicht genügend Credits: 3 benötigt, 1 vorhanden. Laden Sie Credits auf oder legen Sie die Karten inaktiv an.').waitFor();
    await expect(dialog.getByRole('button', { name: 'Jetzt konvertieren' }).isDisabled()).resolves.toBe(true);
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The check wrote nothing: no profile without its cards.
    expect(await profilesOf()).not.toContain(`Altbestand ${tag}`);

    await section.getByRole('button', { name: 'Konvertieren …' }).click();
    await dialog.getByLabel('Neue Karten aktiv anlegen (kostet Credits)').uncheck();
    await dialog.getByText('Die neuen Karten werden inaktiv angelegt und kosten keine Credits; aktivieren Sie sie später einzeln.').waitFor();
    await dialog.getByRole('button', { name: 'Jetzt konvertieren' }).click();
    await section.getByRole('status').filter({ hasText: `Profil „Altbestand ${tag}“ angelegt. 3 angelegt, 0 aktualisiert, 0 unverändert, 0 fehlgeschlagen` }).waitFor();
    expect(await profilesOf()).toContain(`Altbestand ${tag}`);
    const credit = await s.call('creditGet', { params: { id: t.company.id }, token: admin });
    expect(credit.body).toMatchObject({ credits: 1, cardCountTotal: 3, cardCountActive: 0 });
  });
});
