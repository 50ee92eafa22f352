import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, fillLogin, openPage, openSignedIn } from '../helpers/browser.ts';
import { createCompany, createTenant } from '../helpers/card-fixtures.ts';

// Issue 24: the defects a new user met, one test each (numbers as in the issue): signing in, the
// frame, words, users. The screens' defects are in new-user-screens.test.ts (two files run in parallel).

// Each test walks several screens: on a loaded machine that takes longer than the default 20 s.
let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const at = (page: Page, token: string, path: string) => openSignedIn(page, s.baseUrl, token, path);

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

describe('signing in', { timeout: 60_000 }, () => {
  test('1: a deep link while signed out shows no false error and leads on to that page after the login', async () => {
    const t = await createTenant(s);
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Tief', lastname: 'Link' } });
    const { page } = await openPage();
    for (const path of ['/v2/card/profil', `/card/wallet/${card.body.id}`]) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.getByRole('heading', { name: 'Login' }).waitFor();
      // Give a stray toast the time it would need to appear: the page's requests are done.
      await page.waitForLoadState('networkidle');
      expect(await page.getByText('Beim Laden der Unternehmen ist ein Fehler aufgetreten.').count()).toBe(0);
      await fillLogin(page, t.user);
      await page.waitForURL(`**${path}`);
      await page.getByRole('button', { name: 'Abmelden' }).click();
      await page.waitForURL(`${s.baseUrl}/`);
    }
    // Only pages of this site: anything else goes to the cards as before.
    await page.goto(`${s.baseUrl}/?weiter=//beispiel.de/falle`);
    await fillLogin(page, t.user);
    await page.waitForURL('**/v2/card/visitenkarte');
  });

  test("1b: a link to a card of another company than the selected one opens it (it hung in 'Wird geladen' on a full load)", async () => {
    await createCompany(s, { org: 'AAA Erste Firma' });
    const t = await createTenant(s, 'ZZZ Letzte Firma');
    const admin = await s.adminToken();
    const card = await s.call('personCreate', { token: admin, body: { companyProfilId: t.profile.id, firstname: 'Fremd', lastname: 'Firma' } });
    const { page } = await openPage();
    await at(page, admin, '/v2/card/visitenkarte');
    await page.locator('main h1').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('selectedCompanyId'))).not.toBe(t.company.id);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/edit/${card.body.id}`);
    await page.getByRole('heading', { name: 'Visitenkarte bearbeiten' }).waitFor();
    await expect(page.getByLabel('Vorname').inputValue()).resolves.toBe('Fremd');
    await expect(page.getByTestId('current-company').textContent()).resolves.toBe('ZZZ Letzte Firma');
  });

  test('2: a wrong login says so once (inline, no toast); a full load logs no HydrateFallback warning', async () => {
    const { page } = await openPage();
    const warnings: string[] = [];
    page.on('console', (m) => { if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text()); });
    await page.goto(`${s.baseUrl}/`);
    await fillLogin(page, { username: ADMIN.username, password: 'falsch-falsch' });
    await page.getByRole('alert').filter({ hasText: 'Benutzername oder Passwort ist falsch.' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByText('Benutzername oder Passwort ist falsch.').count()).toBe(1);
    expect(await page.locator('.toast').count()).toBe(0);
    await fillLogin(page, ADMIN);
    await page.waitForURL('**/v2/card/visitenkarte');
    for (const path of ['/v2/card/visitenkarte', '/v2/card/profil', '/vcard/company', '/gibt/es/nicht']) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.locator('main h1').first().waitFor();
      await page.waitForLoadState('networkidle');
    }
    expect(warnings.filter((w) => /HydrateFallback|hydrate/i.test(w))).toEqual([]);
  });
});

describe('the frame', { timeout: 60_000 }, () => {
  test('3: the active company is named in the sidebar with one company too, a long name in full', async () => {
    const org = 'Orthopädische Gemeinschaftspraxis Dr. med. Friederike Hohenstein-Wolkenburg und Kollegen';
    const t = await createTenant(s, org);
    const { page } = await openPage();
    await at(page, t.user.token, '/v2/card/visitenkarte');
    const current = page.locator('#sidebar').getByText(org, { exact: true });
    await current.waitFor();
    // Not cut: the element is as wide as its text and lies inside the sidebar.
    expect(await current.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= document.querySelector('#sidebar')!.getBoundingClientRect().right)).toBe(true);
  });
});

describe('company users', { timeout: 60_000 }, () => {
  test('13: greeted by first name; admin, /vcard and /tools addresses say why they lead away; the not-found page keeps "Statistik"', async () => {
    const t = await createTenant(s);
    const { page } = await openPage();
    await at(page, t.user.token, '/v2/card/visitenkarte');
    // createUserToken names every test user 'Test Nutzer'.
    await page.getByText('Hallo, Test', { exact: true }).waitFor();
    expect(await page.getByText(`Hallo, ${t.user.username}`).count()).toBe(0);
    for (const path of ['/v2/admin/user', '/vcard/company', '/tools']) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.waitForURL('**/v2/card/company');
      await toast(page, 'Diese Seite ist nur für Administratoren.').waitFor();
    }
    await page.goto(`${s.baseUrl}/v2/gibt/es/nicht`);
    await page.getByRole('heading', { name: 'Nicht gefunden' }).waitFor();
    await expect(page.locator('#sidebar').getByRole('link').allTextContents()).resolves.toContain('Statistik');
    await expect(page.locator('#sidebar').getByTestId('current-company').textContent()).resolves.toBe(t.company.org);
  });
});

describe('words', { timeout: 60_000 }, () => {
  test('4: user groups by name, "gespeichert" not "editiert", "Sie" at login, "Verlauf", "Aufrufe gesamt", delete questions name the item with one verb', async () => {
    const t = await createTenant(s);
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Wort', lastname: 'Wahl' } });
    const { page } = await openPage();
    await page.goto(`${s.baseUrl}/`);
    await fillLogin(page, ADMIN);
    await toast(page, 'Sie haben sich erfolgreich eingeloggt').waitFor();
    expect(await page.getByText(/\bDu\b|\bdich\b/).count()).toBe(0);

    await page.goto(`${s.baseUrl}/v2/admin/user`);
    const adminRow = page.getByRole('row').filter({ hasText: `${ADMIN.username}@` });
    await expect(adminRow.locator('td[data-label="Gruppe"]').textContent()).resolves.toBe('Administrator');
    await page.goto(`${s.baseUrl}/v2/admin/user/add`);
    await page.getByRole('heading', { name: 'Benutzer anlegen' }).waitFor();
    expect(await page.getByLabel('Benutzergruppe').locator('option').allTextContents()).toEqual(expect.arrayContaining(['Administrator', 'Benutzer']));

    await page.goto(`${s.baseUrl}/v2/card/profil/edit/${t.profile.id}`);
    await page.getByLabel('Claim').fill('Neu');
    await page.getByRole('button', { name: 'Speichern', exact: true }).click();
    await toast(page, 'Profil wurde erfolgreich gespeichert').waitFor();

    await page.goto(`${s.baseUrl}/v2/admin/credit/detail/${t.company.id}`);
    await page.getByRole('tab', { name: 'Verlauf' }).click();
    await page.goto(`${s.baseUrl}/vcard/person/statistic/${card.body.id}`);
    await page.getByText('Aufrufe gesamt').waitFor();

    await page.goto(`${s.baseUrl}/company/edit/${t.company.id}`);
    await page.getByRole('tab', { name: 'Anwender' }).click();
    await page.getByRole('button', { name: 'Aktionen für Wort Wahl' }).click();
    await page.getByRole('menuitem', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Visitenkarte löschen' });
    await dialog.getByText('Sind Sie sicher, dass Sie die Visitenkarte „Wort Wahl“ löschen wollen?').waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(['Abbrechen', 'Löschen']);
  });
});

describe('admins', { timeout: 60_000 }, () => {
  test('5: a new user is given a company on the user form and finds it after signing in', async () => {
    const company = await createCompany(s, { org: uniqueName('Firma für Neue ') });
    const { page } = await openPage();
    await at(page, await s.adminToken(), '/v2/admin/user/add');
    await page.getByRole('heading', { name: 'Benutzer anlegen' }).waitFor();
    const username = uniqueName('neu');
    await page.getByLabel('Benutzername').fill(username);
    await page.getByLabel('E-Mail').fill(`${username}@beispiel.de`);
    await page.getByLabel('Vorname').fill('Nora');
    await page.getByLabel('Nachname').fill('Neumann');
    await page.getByLabel('Passwort').fill('Nebel-Kompass-Birke-73');
    await page.getByLabel('Unternehmen hinzufügen').selectOption({ label: company.org });
    await page.getByRole('button', { name: `${company.org} Entfernen` }).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Benutzer wurde erfolgreich angelegt').waitFor();
    const users = (await s.call('companyGet', { params: { id: company.id }, token: await s.adminToken() })).body.users as { username: string }[];
    expect(users.map((u) => u.username)).toEqual([username]);

    const user = await openPage();
    await user.page.goto(`${s.baseUrl}/`);
    await fillLogin(user.page, { username, password: 'Nebel-Kompass-Birke-73' });
    await user.page.waitForURL('**/v2/card/visitenkarte');
    await expect(user.page.getByTestId('current-company').textContent()).resolves.toBe(company.org);
  });
});

