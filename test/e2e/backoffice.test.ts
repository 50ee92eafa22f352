import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn } from '../helpers/browser.ts';
import type { BrowserSession } from '../helpers/browser.ts';
import { createBareTenant, createCompany, createTenant, createUserToken } from '../helpers/card-fixtures.ts';
import { axeViolations } from './public-card-fixtures.ts';

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
    await at(page, user.token, '/v2/card/profil/add');
    const save = page.getByRole('button', { name: 'Speichern' });
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

// axe-core on every back-office screen, in three parts so a slow machine stays within each test's time.
describe('axe-core finds no violation', () => {
  let page: Page;
  let session: BrowserSession;
  let ids: { profile: string; company: string; card: string; legacy: string; legacyPerson: string; admin: string };
  beforeAll(async () => {
    const { profile, company } = await createTenant(s);
    const admin = await s.adminToken();
    const card = await s.api('POST', '/api/card/company/person', { token: admin, body: { companyProfilId: profile.id, firstname: 'Axe', lastname: 'Prüfung' } });
    expect(card.status).toBe(200);
    const legacy = await s.api('POST', '/api/vcard/company', { token: admin, body: { org: `Axe Altfirma ${Date.now()}`, plz: '12345', ort: 'Altstadt', straße: 'Alter Weg 1', claim: 'Seit 1900' } });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    const legacyPerson = await s.api('POST', '/api/vcard/person', { token: admin, body: { companyId: legacy.body.id, firstname: 'Axel', lastname: 'Alt' } });
    expect(legacyPerson.status).toBe(200);
    const adminUser = (await s.api('GET', '/api/auth', { token: admin })).body as { id: string };
    ids = { profile: profile.id, company: company.id, card: card.body.id, legacy: legacy.body.id, legacyPerson: legacyPerson.body.id, admin: adminUser.id };
    session = await openPage();
    page = session.page;
    await at(page, admin, '/v2/card/visitenkarte');
  });
  // Opened outside a test: closing checks the production CSP held on every screen.
  afterAll(async () => { await session.close(); });

  /** Each path as loaded (and, with `act`, after a user did something there): axe's findings, by path. */
  async function audit(visits: { path: string; state?: string; act?: () => Promise<unknown> }[]): Promise<string[]> {
    const found: string[] = [];
    for (const { path, state, act } of visits) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.locator('main h1').first().waitFor().catch((err: Error) => { throw new Error(`${path}: ${err.message}`); });
      await page.waitForFunction(() => !document.body.textContent?.includes('Wird geladen'));
      await act?.();
      for (const v of await axeViolations(page)) found.push(`${state ? `${path} (${state})` : path}: ${v.id} (${v.help}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    return found;
  }

  test('V2 screens', { timeout: 120_000 }, async () => {
    const { profile, company, card, admin } = ids;
    expect(await audit([
      '/v2/card/visitenkarte', '/v2/card/visitenkarte/add', `/v2/card/visitenkarte/edit/${card}`, '/v2/card/profil', '/v2/card/profil/add',
      `/v2/card/profil/edit/${profile}`, '/v2/card/company', '/v2/card/company/edit', '/v2/card/statistik', `/v2/card/statistik/${card}`,
      '/v2/admin/user', '/v2/admin/user/add', `/v2/admin/user/edit/${admin}`, '/v2/admin/company', '/v2/admin/company/add',
      `/v2/admin/company/edit/${company}`, '/v2/admin/credit', `/v2/admin/credit/detail/${company}`, '/v2/admin/statistik', '/v2/account',
      '/v2/card/profil/edit/unbekannt', '/v2/gibt/es/nicht', `/card/wallet/${card}`,
    ].map((path) => ({ path })))).toEqual([]);
  });

  test('legacy and tools screens', { timeout: 120_000 }, async () => {
    const { profile, company, card, legacy, legacyPerson, admin } = ids;
    expect(await audit([
      '/user', '/user/add', `/user/edit/${admin}`, '/company', '/company/add', `/company/edit/${company}`, `/company/edit/${company}/profil/${profile}`,
      `/vcard/person/statistic/${card}`, '/vcard/company', '/vcard/person', `/vcard/company/details/${legacy}`, `/vcard/company/settings/${legacy}`,
      '/vcard/company/add', `/vcard/company/edit/${legacy}`, `/vcard/person/add?companyId=${legacy}`, `/vcard/person/edit/${legacyPerson}`,
      `/vcard/test/${legacyPerson}`, '/tools', '/tools/konvertieren', '/tools/json-erstellen',
    ].map((path) => ({ path })))).toEqual([]);
  });

  test('screens in use, and signed out', { timeout: 120_000 }, async () => {
    const { profile, company } = ids;
    // A row's action menu, the column choice, a tab, the settings with their preview, a company chosen.
    const found = await audit([
      { path: '/v2/card/visitenkarte', state: 'row menu', act: () => page.getByRole('button', { name: 'Aktionen für Axe Prüfung' }).click() },
      { path: '/v2/card/visitenkarte', state: 'column choice', act: () => page.getByText('Spalten', { exact: true }).click() },
      { path: `/v2/card/profil/edit/${profile}`, state: 'settings with preview', act: () => page.getByRole('tab', { name: 'Einstellungen' }).click() },
      { path: `/company/edit/${company}`, state: 'anwender', act: () => page.getByRole('tab', { name: 'Anwender' }).click() },
      { path: `/v2/admin/credit/detail/${company}`, state: 'Verlauf', act: () => page.getByRole('tab', { name: 'Verlauf' }).click() },
      { path: '/v2/admin/user/add', state: 'a company chosen', act: () => page.getByLabel('Unternehmen hinzufügen').selectOption(company) },
    ]);
    await page.evaluate(() => localStorage.clear());
    for (const path of ['/', '/gibt/es/nicht']) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.locator('h1').first().waitFor();
      for (const v of await axeViolations(page)) found.push(`${path} (signed out): ${v.id} (${v.help})`);
    }
    expect(found).toEqual([]);
  });
});
