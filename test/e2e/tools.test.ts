import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const signIn = (page: Page, user: { username: string; password: string }) => signInAs(page, s.baseUrl, user);

const ROWS = 250;

/** A staff list as German Excel saves it: Windows-1252, semicolons, a quoted cell with a line break, two bad rows. */
function staffCsv(tag: string): Buffer {
  const lines = ['Nachname;Vorname;Position;E-Mail 1;Aktiv'];
  for (let i = 0; i < ROWS; i++) lines.push(`Müller ${tag} ${i};Jörg;${i === 0 ? '"Leiter\r\nSüd"' : 'Außendienst'};j${i}.${tag}@beispiel.de;${i % 2 ? 'Nein' : 'Ja'}`);
  lines.push(`Ohne;;Keiner;x@beispiel.de;Ja`);
  lines.push(`Falsch;Mail;Test;keine-adresse;Ja`);
  return Buffer.from(lines.join('\r\n') + '\r\n', 'latin1');
}

describe('import tools in the browser', () => {
  test('CSV to JSON shows the row errors; the import runs in batches with a moving progress bar and a line per row; a second run changes nothing', { timeout: 120_000 }, async () => {
    const tag = Date.now().toString(36);
    const t = await createTenant(s, `Import ${tag}`);
    const { page } = await openPage();
    await signIn(page, ADMIN);

    await page.goto(`${s.baseUrl}/user`);
    await page.getByRole('navigation', { name: 'Navigation (alte Version)' }).getByRole('link', { name: 'Tools' }).click();
    await page.waitForURL('**/tools');
    await page.getByRole('link', { name: 'CSV oder Excel zu JSON' }).click();
    await page.waitForURL('**/tools/json-erstellen');

    await page.getByLabel('Tabelle (Excel oder CSV)').setInputFiles({ name: 'mitarbeiter.csv', mimeType: 'text/csv', buffer: staffCsv(tag) });
    await page.getByRole('button', { name: 'Umwandeln' }).click();
    await page.getByText(`${ROWS} gültige Zeilen`).waitFor();
    const errors = page.getByRole('region', { name: '2 fehlerhafte Zeilen' }).getByRole('table');
    // The header is line 1 and the first row spans lines 2-3, so the bad rows are lines 253 and 254.
    await expect(errors.locator('tbody tr').allInnerTexts()).resolves.toEqual([
      '253\tVorname\tPflichtfeld',
      '254\tE-Mail 1\tBitte geben Sie eine gültige E-Mail-Adresse ein',
    ]);

    await page.getByRole('button', { name: 'Weiter zum Import' }).click();
    await page.waitForURL('**/tools/konvertieren');
    const section = page.getByRole('region', { name: 'JSON importieren' });
    await section.getByText(`${ROWS} Zeilen geladen`).waitFor();
    await section.getByLabel('Unternehmen').selectOption({ label: `Import ${tag}` });
    await section.getByLabel('Profil').selectOption(t.profile.id);

    // Every value the progress bar takes on the way.
    await page.evaluate(() => {
      const seen: number[] = [];
      (window as unknown as { progressSeen: number[] }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar && seen.at(-1) !== bar.value) seen.push(bar.value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['value'] });
    });
    await section.getByRole('button', { name: 'Import starten' }).click();
    await section.getByRole('status').filter({ hasText: `${ROWS} angelegt, 0 aktualisiert, 0 unverändert, 0 fehlgeschlagen` }).waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
    expect(seen.at(-1)).toBe(ROWS);
    expect(seen.filter((v) => v > 0 && v < ROWS).length).toBeGreaterThanOrEqual(2);
    await section.getByText(`${ROWS} von ${ROWS} Zeilen`).waitFor();
    const log = section.getByRole('list', { name: 'JSON importieren' });
    expect(await log.locator('li').count()).toBe(ROWS);
    expect(await log.locator('li').first().innerText()).toBe(`Zeile 2: Jörg Müller ${tag} 0 – angelegt`);

    const cards = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '500' }, token: await s.adminToken() });
    expect(cards.body.items).toHaveLength(ROWS);
    expect(cards.body.items.find((c: { lastname: string }) => c.lastname === `Müller ${tag} 0`)!.position).toBe('Leiter Süd');

    // The same rows again: every line says unchanged, no card is added.
    await section.getByRole('button', { name: 'Import starten' }).click();
    await section.getByRole('status').filter({ hasText: `0 angelegt, 0 aktualisiert, ${ROWS} unverändert, 0 fehlgeschlagen` }).waitFor({ timeout: 60_000 });
    expect(await log.locator('li[data-status="unchanged"]').count()).toBe(ROWS);
    const again = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '500' }, token: await s.adminToken() });
    expect(again.body.items).toHaveLength(ROWS);
  });

  test('an import stopped halfway and resumed finishes the job without duplicates', { timeout: 90_000 }, async () => {
    const tag = Date.now().toString(36);
    const t = await createTenant(s, `Stopp ${tag}`);
    const rows = Array.from({ length: ROWS }, (_, i) => ({ firstname: 'Anna', lastname: `Stopp ${tag} ${i}`, email: [{ type: 'work1', value: `a${i}.${tag}@beispiel.de` }] }));
    const { page } = await openPage();
    await signIn(page, ADMIN);
    await page.goto(`${s.baseUrl}/tools/konvertieren`);
    const section = page.getByRole('region', { name: 'JSON importieren' });
    await section.getByLabel('JSON-Datei').setInputFiles({ name: 'import.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(rows)) });
    await section.getByText(`${ROWS} Zeilen geladen`).waitFor();
    await section.getByLabel('Unternehmen').selectOption({ label: `Stopp ${tag}` });
    await section.getByLabel('Profil').selectOption(t.profile.id);
    await section.getByRole('button', { name: 'Import starten' }).click();
    await section.getByRole('button', { name: 'Anhalten' }).click();
    await section.getByRole('button', { name: 'Fortsetzen' }).waitFor();
    const log = section.getByRole('list', { name: 'JSON importieren' });
    const stopped = await log.locator('li').count();
    expect(stopped).toBeGreaterThan(0);
    expect(stopped).toBeLessThan(ROWS);
    await section.getByText(`${stopped} von ${ROWS} Zeilen`).waitFor();
    await section.getByRole('button', { name: 'Fortsetzen' }).click();
    await section.getByRole('status').filter({ hasText: `${ROWS} angelegt, 0 aktualisiert, 0 unverändert, 0 fehlgeschlagen` }).waitFor({ timeout: 60_000 });
    const cards = await s.call('personListByProfile', { params: { profileId: t.profile.id }, query: { limit: '500' }, token: await s.adminToken() });
    expect(cards.body.items).toHaveLength(ROWS);
  });

  test('legacy conversion: a legacy company becomes a profile with cards, with a report; a second run reuses everything', { timeout: 60_000 }, async () => {
    const tag = Date.now().toString(36);
    const t = await createTenant(s, `Ziel ${tag}`);
    const admin = await s.adminToken();
    const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: `Altfirma ${tag}`, plz: '12345', ort: 'Altstadt' } });
    for (const lastname of ['Eins', 'Zwei']) {
      expect((await s.call('vcardPersonCreate', { token: admin, body: { companyId: legacy.body.id, firstname: 'Alt', lastname } })).status).toBe(200);
    }
    const { page } = await openPage();
    await signIn(page, ADMIN);
    await page.goto(`${s.baseUrl}/tools/konvertieren`);
    const section = page.getByRole('region', { name: 'Alte vcard-Daten konvertieren' });
    await section.getByLabel('Altes Unternehmen (vcard)').selectOption({ label: `Altfirma ${tag}` });
    await section.getByLabel('Unternehmen', { exact: true }).selectOption({ label: `Ziel ${tag}` });
    await section.getByRole('button', { name: 'Konvertieren …' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Konvertierung bestätigen' });
    await dialog.getByText(`Profil „Altfirma ${tag}“ wird angelegt.`).waitFor();
    await dialog.getByText('2 Karten werden angelegt, 0 aktualisiert, 0 bleiben unverändert.').waitFor();
    await dialog.getByRole('button', { name: 'Jetzt konvertieren' }).click();
    await section.getByRole('status').filter({ hasText: `Profil „Altfirma ${tag}“ angelegt. 2 angelegt, 0 aktualisiert, 0 unverändert, 0 fehlgeschlagen` }).waitFor();
    await expect(section.getByRole('list', { name: 'Alte vcard-Daten konvertieren' }).locator('li').allInnerTexts()).resolves.toEqual(['Zeile 1: Alt Eins – angelegt', 'Zeile 2: Alt Zwei – angelegt']);
    await section.getByRole('button', { name: 'Konvertieren …' }).click();
    await dialog.getByText(`Profil „Altfirma ${tag}“ ist vorhanden und wird verwendet.`).waitFor();
    await dialog.getByRole('button', { name: 'Jetzt konvertieren' }).click();
    await section.getByRole('status').filter({ hasText: `Profil „Altfirma ${tag}“ bereits vorhanden, wiederverwendet. 0 angelegt, 0 aktualisiert, 2 unverändert, 0 fehlgeschlagen` }).waitFor();
    const profiles = await s.call('profileList', { params: { companyId: t.company.id }, token: admin });
    expect(profiles.body.map((p: { profilname: string }) => p.profilname)).toContain(`Altfirma ${tag}`);
  });

  test('the tools are admin-only: a company user is sent to the company page', async () => {
    const t = await createTenant(s);
    const { page } = await openPage();
    await signIn(page, { username: t.user.username, password: t.user.password });
    for (const path of ['/tools', '/tools/json-erstellen', '/tools/konvertieren']) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.waitForURL('**/v2/card/company');
    }
  });
});
