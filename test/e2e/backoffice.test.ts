import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn } from '../helpers/browser.ts';
import { createBareTenant, createCompany, createTenant, createUserToken } from '../helpers/card-fixtures.ts';

// Issue 15: forms that re-validate after the first submit, toasts that do not pile up, lists with
// a next step, not-found inside the layout, unsaved-changes question, tab titles, labels.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const at = (page: Page, token: string, path: string) => openSignedIn(page, s.baseUrl, token, path);

const toasts = (page: Page, text: string) => page.locator('.toast.toast-in').filter({ hasText: text });
const fieldError = (page: Page, label: string) => page.locator('.field').filter({ has: page.getByLabel(label, { exact: true }) }).locator('.field-error');

describe('back office forms', () => {
  test('profile: after a failed submit the field error goes as soon as the field is filled; failed submits show one toast; success replaces it', async () => {
    const { user } = await createTenant(s);
    const { page } = await openPage();
    await page.clock.install();
    await at(page, user.token, '/v2/card/profil/add');
    const save = page.getByRole('button', { name: 'Speichern' });
    await save.waitFor();
    // Toasts on a paused clock: the error toast cannot run out by itself (as 5 s of a slow run would let it),
    // so only the success replacing it takes it away.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 10));
    await save.click();
    await fieldError(page, 'Profilname').getByText('Pflichtfeld').waitFor();
    await save.click();
    await save.click();
    await toasts(page, 'Im Formular sind Fehler vorhanden').first().waitFor();
    expect(await toasts(page, 'Im Formular sind Fehler vorhanden').count()).toBe(1);
    await page.getByLabel('Profilname', { exact: true }).fill('Standard');
    await page.keyboard.press('Tab');
    await fieldError(page, 'Profilname').waitFor({ state: 'detached' });
    // Emptying it again brings the error back at once (no submit needed).
    await page.getByLabel('Profilname', { exact: true }).fill('');
    await fieldError(page, 'Profilname').getByText('Pflichtfeld').waitFor();
    await page.getByLabel('Profilname', { exact: true }).fill('Standard');
    await save.click();
    await toasts(page, 'Profil wurde erfolgreich angelegt').waitFor();
    await page.waitForURL('**/v2/card/profil');
    expect(await toasts(page, 'Im Formular sind Fehler vorhanden').count()).toBe(0);
  });

  test('user and company forms clear a fixed field error while typing', async () => {
    const { page } = await openPage();
    await at(page, await s.adminToken(), '/v2/admin/user/add');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await fieldError(page, 'Benutzername').waitFor();
    await page.getByLabel('Benutzername', { exact: true }).fill('neuer.nutzer');
    await fieldError(page, 'Benutzername').waitFor({ state: 'detached' });

    await page.goto(`${s.baseUrl}/v2/admin/company/add`);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await fieldError(page, 'Name (Organisation)').getByText('Pflichtfeld').waitFor();
    await page.getByLabel('Name (Organisation)').fill('Bäckerei Korn');
    await fieldError(page, 'Name (Organisation)').waitFor({ state: 'detached' });
  });

  test('company form: clicking a found user adds them', async () => {
    const found = await createUserToken(s);
    const { page } = await openPage();
    await at(page, await s.adminToken(), '/v2/admin/company/add');
    await page.getByRole('tab', { name: 'Benutzerverwaltung' }).click();
    await page.getByLabel('Benutzer hinzufügen').fill(found.username);
    await page.getByText(`${found.username}@beispiel.de`).click();
    await page.getByRole('button', { name: `${found.username} Entfernen` }).waitFor();
  });

  test('leaving a changed form asks first; staying keeps the input', async () => {
    const { user } = await createTenant(s);
    const { page } = await openPage();
    await at(page, user.token, '/v2/card/profil/add');
    await page.getByLabel('Profilname', { exact: true }).fill('Halb fertig');
    await page.locator('#sidebar').getByRole('link', { name: 'Visitenkarten' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen' });
    await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
    expect(page.url()).toContain('/v2/card/profil/add');
    expect(await page.getByLabel('Profilname', { exact: true }).inputValue()).toBe('Halb fertig');
    await page.locator('#sidebar').getByRole('link', { name: 'Visitenkarten' }).click();
    await dialog.getByRole('button', { name: 'Verlassen' }).click();
    await page.waitForURL('**/v2/card/visitenkarte');
  });

  test('the account page asks before leaving whichever of its two forms was changed (one blocker for both)', async () => {
    const { user } = await createTenant(s);
    const { page } = await openPage();
    const dialog = page.getByRole('alertdialog', { name: 'Ungespeicherte Änderungen' });
    const leave = () => page.locator('#sidebar').getByRole('link', { name: 'Visitenkarten' }).click();
    for (const field of ['Neues Passwort', 'Neue E-Mail-Adresse']) {
      await at(page, user.token, '/v2/account');
      await page.getByLabel(field, { exact: true }).fill('halb-fertig@beispiel.de');
      await leave();
      await dialog.getByRole('button', { name: 'Weiter bearbeiten' }).click();
      expect(page.url()).toContain('/v2/account');
      expect(await page.getByLabel(field, { exact: true }).inputValue()).toBe('halb-fertig@beispiel.de');
      await leave();
      await dialog.getByRole('button', { name: 'Verlassen' }).click();
      await page.waitForURL('**/v2/card/visitenkarte');
    }
  });
});

describe('back office screens', () => {
  test('an unknown profile and an unknown address show Nicht gefunden inside the layout with a way back', async () => {
    const { user } = await createTenant(s);
    const { page } = await openPage();
    await at(page, user.token, '/v2/card/profil');
    await page.getByRole('heading', { name: /^Profile/ }).waitFor();
    await page.goto(`${s.baseUrl}/v2/card/profil/edit/unbekannt`);
    await page.getByRole('heading', { name: 'Nicht gefunden' }).waitFor();
    await page.locator('#sidebar').getByRole('link', { name: 'Profile' }).waitFor();
    await page.getByRole('button', { name: 'Zurück' }).click();
    await page.waitForURL('**/v2/card/profil');
    await page.goto(`${s.baseUrl}/v2/gibt/es/nicht`);
    await page.getByRole('heading', { name: 'Nicht gefunden' }).waitFor();
    await page.locator('#sidebar').waitFor();
    await page.getByRole('link', { name: 'Zur Startseite' }).click();
    await page.waitForURL('**/v2/card/visitenkarte');
  });

  test('profiles: tab title, a disabled Löschen says why, German social network names', async () => {
    const { user } = await createTenant(s);
    const { page } = await openPage();
    await at(page, user.token, '/v2/card/profil');
    await page.getByRole('heading', { name: /^Profile/ }).waitFor();
    await expect.poll(() => page.title()).toBe('Visitenkarten – Profile');
    // The row's actions are one menu; "Löschen" stays in it, disabled, saying why.
    await page.getByRole('button', { name: /^Aktionen für / }).click();
    const remove = page.getByRole('menuitem', { name: /^Löschen/ });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');
    const reason = await remove.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${reason}"]`).textContent()).toBe('Das einzige Profil kann nicht gelöscht werden');
    await remove.focus();
    await page.keyboard.press('Enter');
    expect(await page.getByRole('alertdialog').count()).toBe(0);

    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await expect.poll(() => page.title()).toBe('Visitenkarten – Profil bearbeiten');
    await page.getByRole('tab', { name: 'Social' }).click();
    await page.getByRole('button', { name: /hinzufügen/ }).first().click();
    const options = await page.locator('.contact-row select').first().locator('option').allTextContents();
    expect(options).toContain('LinkedIn');
    expect(options).toContain('TikTok');
    expect(options).not.toContain('linkedin');
  });

  test('an empty list says what to do next, left-aligned, with the button to do it', async () => {
    const { user } = await createBareTenant(s);
    const { page } = await openPage();
    await at(page, user.token, '/v2/card/profil');
    const empty = page.locator('.empty-state');
    await empty.getByText('Noch keine Profile vorhanden.').waitFor();
    expect(await empty.evaluate((e) => getComputedStyle(e).textAlign)).toMatch(/^(left|start)$/);
    await empty.getByRole('link', { name: 'Profil anlegen' }).click();
    await page.waitForURL('**/v2/card/profil/add');
  });

  test('the sidebar background reaches the bottom of a long page', async () => {
    const { page } = await openPage({ width: 1280, height: 500 });
    // Enough companies for a page several screens long.
    const admin = await s.adminToken();
    await Promise.all(Array.from({ length: 25 }, (_, i) => createCompany(s, { org: `Lang ${i}`, credits: 0 })));
    await at(page, admin, '/v2/admin/company');
    await page.getByRole('heading', { name: /^Unternehmen/ }).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1000);
    // The bottom-left corner of the scrolled page is still the sidebar, not the page background.
    const atBottom = await page.evaluate(() => document.elementFromPoint(10, window.innerHeight - 2)?.closest('#sidebar') !== null);
    expect(atBottom).toBe(true);
  });
});
