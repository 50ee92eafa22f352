import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createTenant, createUserToken } from '../helpers/card-fixtures.ts';
import { axeViolations, openCard } from './public-card-fixtures.ts';
import { makePng } from '../helpers/images.ts';
import { GetCommand, UpdateCommand, DeleteCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const signIn = (page: Page, username: string, password: string) => signInAs(page, s.baseUrl, { username, password });

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text }).first().waitFor();
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.textContent?.trim() ?? '');
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

async function expectNoAxeViolations(page: Page, what: string) {
  const violations = await axeViolations(page);
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), what).toEqual([]);
}

describe('legacy vcard area in the browser', () => {
  test('an admin creates a legacy company with settings and persons, sees the preview flash, opens the public card and deletes it all', { timeout: 120_000 }, async () => {
    const org = uniqueName('Altfirma ');
    const { page } = await openPage();
    await page.clock.install();
    await signIn(page, ADMIN.username, ADMIN.password);

    // Create: required fields and plz >= 4 first.
    await page.goto(`${s.baseUrl}/vcard/company`);
    await page.getByRole('link', { name: 'Legacy-Unternehmen anlegen' }).click();
    await page.waitForURL('**/vcard/company/add');
    await page.getByLabel('PLZ').fill('123');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Im Formular sind Fehler vorhanden');
    await page.getByText('Muss mindestens 4 Zeichen lang sein').waitFor();
    expect(await page.getByText('Pflichtfeld').count()).toBe(2);
    await expectNoAxeViolations(page, 'legacy company form with errors');
    await page.getByLabel('Organisation').fill(org);
    await page.getByLabel('Firmenname').fill('Alte Firma GmbH');
    await page.getByLabel('PLZ').fill('10115');
    await page.getByLabel('Ort').fill('Berlin');
    await page.getByLabel('Straße').fill('Hauptstraße 1');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Unternehmen wurde erfolgreich angelegt');
    await page.waitForURL('**/vcard/company');
    const companies = (await s.call('vcardCompanyList', { token: await s.adminToken() })).body as { id: string; org: string }[];
    const companyId = companies.find((c) => c.org === org)!.id;

    // The row's action menu by keyboard: opens on its first item, arrows move, Escape closes and focus returns.
    const menuButton = page.getByRole('button', { name: `Aktionen für ${org}` });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu', { name: `Aktionen für ${org}` });
    await menu.waitFor();
    expect(await focusedText(page)).toBe('Details');
    await page.keyboard.press('ArrowDown');
    expect(await focusedText(page)).toBe('Bearbeiten');
    await page.keyboard.press('End');
    expect(await focusedText(page)).toBe('Löschen');
    await expectNoAxeViolations(page, 'company list with the menu open');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe(`Aktionen für ${org}`);

    // Settings with the live preview; a theme change hides it for exactly one second.
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Einstellungen' }).click();
    await page.waitForURL(`**/vcard/company/settings/${companyId}`);
    const preview = page.getByTestId('vcard-preview');
    await preview.locator('.vc-card').waitFor();
    await expect(preview.locator('[data-theme]').getAttribute('data-theme')).resolves.toBe('the-vcard');
    await expectNoAxeViolations(page, 'settings with the preview');
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.getByLabel('Design').selectOption('the-vcard-v2');
    await preview.getByRole('status').waitFor();
    expect(await preview.locator('.vc-card').count()).toBe(0);
    await page.clock.runFor(999);
    expect(await preview.locator('.vc-card').count()).toBe(0);
    await expect(preview.getByRole('status').count()).resolves.toBe(1);
    await page.clock.runFor(1);
    await preview.getByRole('status').waitFor({ state: 'detached' });
    // The theme's chunk and React's Suspense reveal run on page timers too.
    await page.clock.resume();
    await preview.locator('[data-theme="the-vcard-v2"] .vc-card').waitFor();
    await page.locator('input[name="person.background"]').fill('#123456');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Einstellungen wurden erfolgreich gespeichert');
    const saved = (await s.call('vcardSettingsGet', { params: { id: companyId }, token: await s.adminToken() })).body;
    expect(saved.settings).toMatchObject({ theme: 'the-vcard-v2', person: { background: '#123456', color: '#fff' }, logo: { top: 22, left: 36, height: 34 } });

    // Two persons.
    await page.goto(`${s.baseUrl}/vcard/company`);
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Personen' }).click();
    await page.waitForURL(`**/vcard/person?companyId=${companyId}`);
    for (const [first, last] of [['Erika', 'Muster'], ['Max', 'Beispiel']]) {
      await page.getByRole('link', { name: 'Legacy-Person anlegen' }).click();
      await page.waitForURL(`**/vcard/person/add?companyId=${companyId}`);
      await page.getByLabel('Vorname').fill(first!);
      await page.getByLabel('Nachname').fill(last!);
      await page.getByRole('button', { name: '+ Telefon hinzufügen' }).click();
      // The type reads as a word, not the stored key (issue 24).
      expect(await page.locator('.contact-row select').first().locator('option').allTextContents()).toEqual(['Geschäftlich', 'Mobil']);
      await page.locator('input[name="tel.0.value"]').fill('+49 30 123456');
      if (first === 'Erika') await expectNoAxeViolations(page, 'legacy person form');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await toast(page, 'Person wurde erfolgreich angelegt');
      await page.getByRole('row').filter({ hasText: last! }).waitFor();
    }
    const persons = (await s.call('vcardPersonListByCompany', { params: { companyId }, token: await s.adminToken() })).body as { id: string; lastname: string }[];
    expect(persons.map((p) => p.lastname)).toEqual(['Beispiel', 'Muster']);
    const erika = persons.find((p) => p.lastname === 'Muster')!;

    // The legacy person's public card (old QR codes), in the company's settings.
    const visitor = await openPage();
    await openCard(visitor.page, s.baseUrl, erika.id);
    await visitor.page.getByText('Erika Muster').first().waitFor();
    await expect(visitor.page.title()).resolves.toContain('Erika Muster');
    await visitor.page.getByText('Alte Firma GmbH').first().waitFor();

    // The test screen renders the same card.
    await page.goto(`${s.baseUrl}/vcard/test/${erika.id}`);
    await page.locator('[data-theme="the-vcard-v2"] .vc-card').waitFor();

    // Delete with confirmation: focus stays in the dialog, Escape closes it and focus returns.
    await page.goto(`${s.baseUrl}/vcard/company`);
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Legacy-Unternehmen löschen' });
    await dialog.waitFor();
    expect(await focusedText(page)).toBe('Abbrechen');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Löschen');
    await page.keyboard.press('Tab');
    expect(await focusedText(page)).toBe('Abbrechen');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe('Löschen');
    await expectNoAxeViolations(page, 'delete confirmation');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe(`Aktionen für ${org}`);
    await menuButton.click();
    await menu.getByRole('menuitem', { name: 'Löschen' }).click();
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await toast(page, 'Unternehmen wurde erfolgreich gelöscht');
    await page.getByRole('row').filter({ hasText: org }).waitFor({ state: 'detached' });
    for (const p of persons) expect((await s.call('vcardPersonGet', { params: { id: p.id }, token: await s.adminToken() })).status).toBe(404);
    await visitor.page.goto(`${s.baseUrl}/c/${erika.id}`);
    await visitor.page.getByText('Karte nicht gefunden').waitFor();
  });

  test('the settings form shows the CSS as typed (also inline in settings saved before its own item) and saves a change', { timeout: 60_000 }, async () => {
    const admin = await s.adminToken();
    const co = (await s.call('vcardCompanyCreate', { token: admin, body: { org: uniqueName('CSS-Firma '), plz: '10115', ort: 'Berlin' } })).body as { id: string };
    const before = '.name { color: #123456; }';
    expect((await s.call('vcardSettingsUpdate', { params: { id: co.id }, token: admin, body: { settings: { customCss: before } } })).status).toBe(200);
    // As saved before the CSS item: inline in the settings item.
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.vcardSettings(co.id), UpdateExpression: 'SET settings.customCss = :c', ExpressionAttributeValues: { ':c': before } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.vcardSettingsCss(co.id) }));
    const { page } = await openPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    const field = async () => {
      await page.goto(`${s.baseUrl}/vcard/company/settings/${co.id}`);
      const css = page.locator('textarea[name="customCss"]');
      await css.waitFor();
      return css;
    };
    await expect((await field()).inputValue()).resolves.toBe(before);
    const after = '.name { color: #654321; }';
    await (await field()).fill(after);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Einstellungen wurden erfolgreich gespeichert');
    await expect((await field()).inputValue()).resolves.toBe(after);
    const stored = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    expect((await stored(keys.vcardSettingsCss(co.id)))?.css).toBe(after);
    expect((await stored(keys.vcardSettings(co.id)))!.settings).not.toHaveProperty('customCss');
  });

  test('company users are sent away from the legacy screens', { timeout: 60_000 }, async () => {
    const { user } = await createTenant(s);
    const { page } = await openPage();
    await signIn(page, user.username, user.password);
    for (const path of ['/vcard/company', '/vcard/person', '/company/edit/x']) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.waitForURL('**/v2/card/company');
    }
  });

  test('legacy company form: anwender with views and a person modal, profile duplicate with \' Copy\'', { timeout: 90_000 }, async () => {
    const { company, user } = await createTenant(s);
    const admin = await s.adminToken();
    const profile = (await s.call('profileList', { params: { companyId: company.id }, token: admin })).body[0] as { id: string; profilname: string };
    const person = (await s.call('personCreate', { token: admin, body: { companyProfilId: profile.id, firstname: 'Anna', lastname: 'Anwender' } })).body as { id: string };
    await s.call('cardGet', { params: { id: person.id } });
    await s.call('cardGet', { params: { id: person.id } });
    await s.call('cardGet', { params: { id: person.id } });
    await s.flushViews();
    expect(user.id).toBeTruthy();

    const { page } = await openPage();
    await signIn(page, ADMIN.username, ADMIN.password);
    await page.goto(`${s.baseUrl}/company/add`);
    await page.getByRole('tab', { name: 'Benutzerverwaltung' }).waitFor();
    expect(await page.getByRole('tab', { name: 'Anwender' }).count()).toBe(0);

    await page.goto(`${s.baseUrl}/company/edit/${company.id}`);
    await page.getByRole('tab', { name: 'Anwender' }).click();
    const row = page.getByRole('row').filter({ hasText: 'Anwender, Anna' });
    await row.getByRole('cell', { name: '3', exact: true }).waitFor();
    await expect(row.textContent()).resolves.toContain(profile.profilname);
    await page.getByRole('button', { name: 'Export' }).waitFor();
    const actions = row.getByRole('button', { name: 'Aktionen für Anna Anwender' });
    const menu = page.getByRole('menu', { name: 'Aktionen für Anna Anwender' });
    await actions.click();
    await expect(menu.getByRole('menuitem', { name: 'Karte (neuer Tab)' }).getAttribute('href')).resolves.toBe(`/c/${person.id}`);
    await expect(menu.getByRole('menuitem', { name: 'Wallet' }).getAttribute('href')).resolves.toBe(`/card/wallet/${person.id}`);
    await menu.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    const modal = page.getByRole('dialog', { name: 'Anwender bearbeiten' });
    await modal.getByLabel('Vorname').waitFor();
    await expectNoAxeViolations(page, 'person modal');
    // Focus is trapped: Shift+Tab from the first control goes to the last.
    await modal.getByLabel('Vorname').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await focusedText(page)).toBe('Abbrechen');
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
    expect(await focusedLabel(page)).toBe('Aktionen für Anna Anwender');
    await actions.click();
    await menu.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await modal.getByLabel('Vorname').fill('Annette');
    await modal.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Visitenkarte wurde erfolgreich gespeichert');
    await page.getByRole('row').filter({ hasText: 'Anwender, Annette' }).waitFor();
    expect((await s.call('personGet', { params: { id: person.id }, token: admin })).body.firstname).toBe('Annette');

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: `Aktionen für ${profile.profilname}` }).click();
    await page.getByRole('menuitem', { name: 'Duplizieren' }).click();
    await toast(page, 'Profil wurde erfolgreich angelegt');
    await page.getByRole('cell', { name: `${profile.profilname} Copy`, exact: true }).waitFor();
  });
});

test('legacy images: logo on the company edit form, photo on the person form, shown on the public card', { timeout: 90_000 }, async () => {
  const admin = await s.adminToken();
  const co = (await s.call('vcardCompanyCreate', { token: admin, body: { org: uniqueName('Bildfirma '), plz: '10115', ort: 'Berlin' } })).body as { id: string };
  const { page } = await openPage();
  await signIn(page, ADMIN.username, ADMIN.password);

  await page.goto(`${s.baseUrl}/vcard/company/add`);
  await page.getByText('Logos können Sie nach dem Speichern hochladen.').waitFor();
  await page.goto(`${s.baseUrl}/vcard/company/edit/${co.id}`);
  const cropper = page.getByRole('dialog', { name: 'Bildausschnitt wählen' });
  await page.getByLabel('Logo: Bild wählen', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: makePng(270, 200) });
  await cropper.waitFor();
  await cropper.getByRole('button', { name: 'Übernehmen' }).click();
  await cropper.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Speichern' }).click();
  await toast(page, 'Unternehmen wurde erfolgreich gespeichert');
  const logo = (await s.call('vcardCompanyGet', { params: { id: co.id }, token: admin })).body.logo as string;
  expect(logo).toMatch(/\.png$/);
  expect((await s.call('uploadGet', { params: { field: 'logo', filename: logo } })).status).toBe(200);

  await page.goto(`${s.baseUrl}/vcard/person/add?companyId=${co.id}`);
  await page.getByLabel('Vorname').fill('Bea');
  await page.getByLabel('Nachname').fill('Bild');
  await page.getByLabel('Foto: Bild wählen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: makePng(542, 400) });
  await cropper.waitFor();
  await cropper.getByRole('button', { name: 'Übernehmen' }).click();
  await cropper.waitFor({ state: 'detached' });
  await expectNoAxeViolations(page, 'legacy person form with an image');
  await page.getByRole('button', { name: 'Speichern' }).click();
  await page.waitForURL('**/vcard/person?companyId=*');
  const person = ((await s.call('vcardPersonListByCompany', { params: { companyId: co.id }, token: admin })).body as { id: string; image?: string }[])[0]!;
  // The cropper uploads photos as JPEG.
  expect(person.image).toMatch(/\.jpg$/);

  const visitor = await openPage();
  await visitor.page.goto(`${s.baseUrl}/c/${person.id}`);
  await visitor.page.locator(`img[src*="${person.image!.replace(/\.jpg$/, '')}"]`).first().waitFor();
  await visitor.page.locator(`img[src*="${logo.replace(/\.png$/, '')}"]`).first().waitFor();
});

test('non-admin gets the API refusal too', async () => {
  const u = await createUserToken(s);
  expect((await s.call('vcardCompanyList', { token: u.token })).status).toBe(403);
});
