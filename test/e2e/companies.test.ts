import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createUserToken } from '../helpers/card-fixtures.ts';
import { GIF_1X1, makePng } from '../helpers/images.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const signIn = (page: Page, username: string, password: string) => signInAs(page, s.baseUrl, { username, password });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();

describe('companies and profiles in the browser', () => {
  test('admin creates a company for a user; the user builds profiles with logo and address; the only profile cannot be deleted', { timeout: 90_000 }, async () => {
    const user = await createUserToken(s);
    const me = (await s.call('userGet', { params: { id: user.id }, token: await s.adminToken() })).body as { username: string };
    const org = `Bäckerei ${me.username}`;

    // Admin: create the company and assign the user (search starts at 3 characters).
    const admin = await openPage();
    // Page timers under the test's control, so the search's 250 ms debounce can be run on demand.
    await admin.page.clock.install();
    const searches: string[] = [];
    admin.page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/user' && url.searchParams.has('search')) searches.push(url.searchParams.get('search')!);
    });
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.goto(`${s.baseUrl}/v2/admin/company`);
    await admin.page.getByRole('link', { name: 'Unternehmen anlegen' }).click();
    await admin.page.waitForURL('**/v2/admin/company/add');
    await admin.page.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByText('Pflichtfeld').waitFor();
    await toast(admin.page, 'Im Formular sind Fehler vorhanden');
    await admin.page.getByLabel('Name (Organisation)').fill(org);
    await admin.page.getByLabel('Statistik anzeigen').waitFor();
    await admin.page.getByRole('tab', { name: 'Benutzerverwaltung' }).click();
    const search = admin.page.getByLabel('Benutzer hinzufügen');
    // Two characters: even with the debounce run out no search is sent. A request for them would
    // have started before the five-character one, so it would be in the list by its response.
    await admin.page.clock.pauseAt(await admin.page.evaluate(() => Date.now() + 1000));
    await search.fill(me.username.slice(0, 2));
    await admin.page.clock.runFor(1000);
    await search.fill(me.username.slice(0, 5));
    const searched = admin.page.waitForResponse((r) => new URL(r.url()).searchParams.get('search') === me.username.slice(0, 5));
    await admin.page.clock.runFor(1000);
    await searched;
    await admin.page.clock.resume();
    expect(searches).toEqual([me.username.slice(0, 5)]);
    await admin.page.getByRole('button', { name: `${me.username} Benutzer hinzufügen` }).click();
    // Removing is only noted; saving sends it. Add the user back before saving.
    await admin.page.getByRole('button', { name: `${me.username} Entfernen` }).click();
    await toast(admin.page, 'Der Benutzer wurde entfernt. Durch klicken auf speichern werden die Änderungen gesendet.');
    await search.fill(me.username);
    await admin.page.getByRole('button', { name: `${me.username} Benutzer hinzufügen` }).click();
    await admin.page.getByRole('button', { name: 'Speichern' }).click();
    await toast(admin.page, 'Unternehmen wurde erfolgreich angelegt');
    await admin.page.waitForURL('**/v2/admin/company');
    const row = admin.page.getByRole('row').filter({ hasText: org });
    await expect(row.textContent()).resolves.toContain(me.username);
    // Admins may copy the selected company's id from the sidebar.
    await admin.page.getByRole('button', { name: 'Unternehmens-ID kopieren' }).click();
    await toast(admin.page, 'Kopiert');
    await admin.page.getByPlaceholder('Suche nach Name').fill('gibt es nicht');
    await admin.page.getByText('Kein Unternehmen passt zur Suche.').waitFor();
    await admin.close();

    // The user: their only company is selected at sign-in.
    const { page, close } = await openPage();
    await signIn(page, me.username, 'Tulpe-Wolke-Kiesel-42');
    await page.getByRole('link', { name: 'Mein Unternehmen' }).click();
    await page.getByRole('heading', { name: org }).waitFor();
    const companyId = await page.evaluate(() => localStorage.getItem('selectedCompanyId'));
    expect(companyId).toMatch(/^[0-9a-f-]{36}$/);
    // One company only: no choice in the sidebar, but the company is named there (issue 24).
    expect(await page.getByLabel('Unternehmen wechseln').count()).toBe(0);
    await expect(page.getByTestId('current-company').textContent()).resolves.toBe(org);

    // A new profile: a form error first, then logo (through the cropper) and an address.
    await page.getByRole('link', { name: 'Profile' }).click();
    await page.getByRole('link', { name: 'Profil anlegen' }).click();
    await page.waitForURL('**/v2/card/profil/add');
    await page.getByLabel('Profilname').fill('Filiale Mitte');
    await page.getByLabel('Webseite').fill('www.baeckerei.de');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast(page, 'Im Formular sind Fehler vorhanden');
    await page.getByText('Muss mit http:// oder https:// beginnen').waitFor();
    await page.getByLabel('Webseite').fill('https://baeckerei.de');

    await page.getByRole('tab', { name: 'Logos' }).click();
    const png = join(tmpdir(), `logo-${Date.now()}.png`);
    writeFileSync(png, makePng(540, 400, [30, 90, 160]));
    const logoInput = page.getByLabel('Logo: Bild wählen', { exact: true });
    // Only jpeg/png open the cropper; a file that is no image closes it with a message.
    await logoInput.setInputFiles({ name: 'animiert.gif', mimeType: 'image/gif', buffer: GIF_1X1 });
    await toast(page, 'Dateityp "image/gif" wird nicht unterstützt.');
    await logoInput.setInputFiles({ name: 'kaputt.png', mimeType: 'image/png', buffer: Buffer.from('kein Bild') });
    await toast(page, 'Konnte Bild nicht laden.');
    expect(await page.getByRole('dialog', { name: 'Bildausschnitt wählen' }).count()).toBe(0);
    await logoInput.setInputFiles(png);
    const dialog = page.getByRole('dialog', { name: 'Bildausschnitt wählen' });
    await dialog.locator('.cropper-crop-box').waitFor();
    await dialog.getByRole('button', { name: 'Übernehmen' }).click();
    await dialog.waitFor({ state: 'detached' });
    const logo = page.getByRole('img', { name: 'Logo', exact: true });
    // The form shows the stored 320 px variant; a logo stays a PNG (transparency, flat colours).
    await expect(logo.getAttribute('src')).resolves.toMatch(/^\/api\/upload\/logo\/[0-9a-f-]{36}\.w320\.png$/);
    await expect(logo.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth))).resolves.toBeGreaterThanOrEqual(100);

    await page.getByRole('tab', { name: 'Daten' }).click();
    await page.getByRole('button', { name: 'Adresse hinzufügen' }).click();
    const modal = page.getByRole('dialog', { name: 'Adresse hinzufügen' });
    expect(await modal.getByRole('button', { name: 'Speichern' }).count()).toBe(0);
    await modal.getByLabel('Straße').fill('Hauptstraße 1');
    await modal.getByLabel('PLZ').fill('10115');
    await modal.getByLabel('Ort').fill('Berlin');
    await modal.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Hauptstraße 1, 10115 Berlin').waitFor();
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast(page, 'Profil wurde erfolgreich angelegt');
    await page.waitForURL('**/v2/card/profil');

    // The only profile: delete is disabled, saying why (checked once the card counts are in).
    await page.getByRole('cell', { name: '0', exact: true }).waitFor();
    const menu = (name: string) => page.getByRole('menu', { name: `Aktionen für ${name}` });
    const openMenu = (name: string) => page.getByRole('button', { name: `Aktionen für ${name}`, exact: true }).click();
    await openMenu('Filiale Mitte');
    const deleteFirst = menu('Filiale Mitte').getByRole('menuitem', { name: /^Löschen/ });
    await expect(deleteFirst.getAttribute('aria-disabled')).resolves.toBe('true');
    await menu('Filiale Mitte').getByText('Das einzige Profil kann nicht gelöscht werden').waitFor();
    await page.keyboard.press('Escape');
    const saved = (await s.call('profileList', { params: { companyId: companyId! }, token: user.token })).body as { logo: string; adressen: { adresseId: string; ort: string }[] }[];
    expect(saved).toHaveLength(1);
    expect(saved[0]!.adressen).toEqual([expect.objectContaining({ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', adresseId: expect.any(String) })]);
    expect((await s.call('uploadGet', { params: { field: 'logo', filename: saved[0]!.logo } })).headers.get('content-type')).toBe('image/png');

    // Duplicate: same content, name with ' (copy)', saved as a new profile.
    await openMenu('Filiale Mitte');
    await menu('Filiale Mitte').getByRole('menuitem', { name: 'Duplizieren' }).click();
    await page.waitForURL('**/v2/card/profil/edit/*?duplicate=true');
    await expect(page.getByLabel('Profilname').inputValue()).resolves.toBe('Filiale Mitte (copy)');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast(page, 'Profil wurde erfolgreich angelegt');
    await page.waitForURL('**/v2/card/profil');
    // Two profiles without cards: both may be deleted now.
    await page.getByRole('row').filter({ hasText: 'Filiale Mitte (copy)' }).waitFor();
    await openMenu('Filiale Mitte');
    expect(await menu('Filiale Mitte').getByRole('menuitem', { name: 'Löschen' }).getAttribute('aria-disabled')).toBeNull();
    await page.keyboard.press('Escape');
    await openMenu('Filiale Mitte (copy)');
    await menu('Filiale Mitte (copy)').getByRole('menuitem', { name: 'Löschen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Profil löschen' });
    await confirm.getByText('Sind Sie sicher, dass Sie das Profil „Filiale Mitte (copy)“ löschen möchten?').waitFor();
    await confirm.getByRole('button', { name: 'Löschen' }).click();
    await toast(page, 'Profil wurde erfolgreich gelöscht');
    await page.getByRole('row').filter({ hasText: 'Filiale Mitte (copy)' }).waitFor({ state: 'detached' });
    expect(await page.getByRole('row').count()).toBe(2);
    await openMenu('Filiale Mitte');
    await expect(menu('Filiale Mitte').getByRole('menuitem', { name: /^Löschen/ }).getAttribute('aria-disabled')).resolves.toBe('true');
    await page.keyboard.press('Escape');

    // The company user edits their own company (not its users) on /v2/card/company/edit.
    await page.getByRole('link', { name: 'Mein Unternehmen' }).click();
    await page.getByRole('link', { name: 'Bearbeiten' }).click();
    await page.waitForURL('**/v2/card/company/edit');
    expect(await page.getByRole('tab', { name: 'Benutzerverwaltung' }).count()).toBe(0);
    // The statistics display is the admin's switch: a company user does not get the checkbox.
    await page.getByLabel('Sprache').selectOption('en');
    expect(await page.getByLabel('Statistik anzeigen').count()).toBe(0);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Unternehmen wurde erfolgreich gespeichert');
    await page.waitForURL('**/v2/card/company');
    await page.getByRole('definition').filter({ hasText: /^Englisch$/ }).waitFor();
    // Only the admin's copy-id link: a company user never sees it.
    expect(await page.getByRole('button', { name: 'Unternehmens-ID kopieren' }).count()).toBe(0);
    await close();
  });
});
