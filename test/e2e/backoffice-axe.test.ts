import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn } from '../helpers/browser.ts';
import type { BrowserSession } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { axeViolations } from './public-card-fixtures.ts';

// A file of its own (one server), so it runs beside the other back-office tests.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const at = (page: Page, token: string, path: string) => openSignedIn(page, s.baseUrl, token, path);

// axe-core on every back-office screen, in three parts so a slow machine stays within each test's time.
describe('axe-core finds no violation', () => {
  let page: Page;
  let session: BrowserSession;
  let ids: { profile: string; company: string; card: string; legacy: string; legacyPerson: string; admin: string };
  beforeAll(async () => {
    const { profile, company } = await createTenant(s);
    const admin = await s.adminToken();
    const card = await s.call('personCreate', { token: admin, body: { companyProfilId: profile.id, firstname: 'Axe', lastname: 'Prüfung' } });
    expect(card.status).toBe(200);
    // Kontakte (issue 28) with one contact left on an active card.
    const active = await s.call('personCreate', { token: admin, body: { companyProfilId: profile.id, firstname: 'Axe', lastname: 'Kontakt', isActive: true } });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    const contact = await s.call('contactCreate', { params: { id: active.body.id }, body: { name: 'Axe Besucherin', email: 'axe@example.org', message: 'Bitte melden Sie sich.', consent: true } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);
    const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: `Axe Altfirma ${Date.now()}`, plz: '12345', ort: 'Altstadt', straße: 'Alter Weg 1', claim: 'Seit 1900' } });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    const legacyPerson = await s.call('vcardPersonCreate', { token: admin, body: { companyId: legacy.body.id, firstname: 'Axel', lastname: 'Alt' } });
    expect(legacyPerson.status).toBe(200);
    const adminUser = (await s.call('authSession', { token: admin })).body as { id: string };
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
      '/v2/card/kontakte', '/v2/card/profil/edit/unbekannt', '/v2/gibt/es/nicht', `/card/wallet/${card}`, '/v2/card/protokoll',
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
    const { profile, company, card } = ids;
    // A row's action menu, the column choice, a tab, the settings with their preview, a company chosen.
    const found = await audit([
      { path: '/v2/card/visitenkarte', state: 'row menu', act: () => page.getByRole('button', { name: 'Aktionen für Axe Prüfung' }).click() },
      { path: '/v2/card/visitenkarte', state: 'column choice', act: () => page.getByText('Spalten', { exact: true }).click() },
      { path: '/v2/card/kontakte', state: 'row menu', act: () => page.getByRole('button', { name: 'Aktionen für Axe Besucherin' }).click() },
      { path: `/v2/card/profil/edit/${profile}`, state: 'settings with preview', act: () => page.getByRole('tab', { name: 'Einstellungen' }).click() },
      { path: `/company/edit/${company}`, state: 'anwender', act: () => page.getByRole('tab', { name: 'Anwender' }).click() },
      { path: `/v2/admin/credit/detail/${company}`, state: 'Verlauf', act: () => page.getByRole('tab', { name: 'Verlauf' }).click() },
      { path: '/v2/admin/user/add', state: 'a company chosen', act: () => page.getByLabel('Unternehmen hinzufügen').selectOption(company) },
      { path: `/v2/card/visitenkarte/edit/${card}`, state: 'erase dialog', act: () => page.getByRole('button', { name: 'Endgültig löschen (Art. 17)' }).click() },
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
