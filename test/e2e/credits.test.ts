import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { clearOfMidnight } from '../helpers/clear-of-midnight.ts';
import { berlinMonth } from '../../shared/berlin-clock.ts';
import { addCredits, createCompany, createProfile, createTenant } from '../helpers/card-fixtures.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const signIn = (page: Page, user: { username: string; password: string }) => signInAs(page, s.baseUrl, user);


/** Active cards for a company (each costs one credit). */
async function activeCards(companyId: string, n: number) {
  const profile = await createProfile(s, companyId);
  for (let i = 0; i < n; i++) {
    const res = await s.call('personCreate', { token: await s.adminToken(), body: { companyProfilId: profile.id, firstname: 'A', lastname: `B${i}` } });
    expect(res.status).toBe(200);
  }
}

/** The overview's company column, top to bottom. */
async function orgs(page: Page): Promise<string[]> {
  return page.locator('table.data tbody td[data-label="Unternehmen"]').allInnerTexts();
}

describe('credits in the browser', () => {
  // The statistics' last bar is this month's: a run must not straddle the end of a Berlin month.
  beforeEach(() => clearOfMidnight(90_000, berlinMonth), 120_000);
  test('admin overview: sort by every column, the danger row; detail: book credits, read the history', { timeout: 90_000 }, async () => {
    const tag = `${Date.now().toString(36)}`;
    // Zeta: 2 active cards, 2 credits left -> 1 month. Alpha: 1 active card, 0 left -> danger. Mitte: no cards, 50 credits.
    const zeta = await createCompany(s, { org: `Zeta ${tag}`, credits: 4 });
    await activeCards(zeta.id, 2);
    const alpha = await createCompany(s, { org: `Alpha ${tag}`, credits: 1 });
    await activeCards(alpha.id, 1);
    const mitte = await createCompany(s, { org: `Mitte ${tag}`, credits: 50 });
    const profile = await createProfile(s, mitte.id);
    await s.call('personCreate', { token: await s.adminToken(), body: { companyProfilId: profile.id, firstname: 'I', lastname: 'Naktiv', isActive: false } });

    const { page } = await openPage();
    await signIn(page, ADMIN);
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Credits' }).click();
    await page.waitForURL('**/v2/admin/credit');
    await page.getByRole('heading', { name: 'Credits' }).waitFor();
    const mine = async () => (await orgs(page)).filter((o) => o.endsWith(tag));
    await expect.poll(mine).toEqual([`Alpha ${tag}`, `Mitte ${tag}`, `Zeta ${tag}`]);

    const alphaRow = page.locator('tr', { has: page.getByText(`Alpha ${tag}`, { exact: true }) });
    await expect(alphaRow.getAttribute('class')).resolves.toBe('row-danger');
    for (const org of [`Zeta ${tag}`, `Mitte ${tag}`]) {
      await expect(page.locator('tr', { has: page.getByText(org, { exact: true }) }).getAttribute('class')).resolves.toBeNull();
    }

    const sortBy = (name: string) => page.locator('table.data thead').getByRole('button', { name }).click();
    await sortBy('Credits');
    await expect.poll(mine).toEqual([`Alpha ${tag}`, `Zeta ${tag}`, `Mitte ${tag}`]);
    await sortBy('Credits');
    await expect.poll(mine).toEqual([`Mitte ${tag}`, `Zeta ${tag}`, `Alpha ${tag}`]);
    await sortBy('Restlaufzeit');
    await expect.poll(mine).toEqual([`Alpha ${tag}`, `Mitte ${tag}`, `Zeta ${tag}`]);
    await sortBy('Inaktive Karten');
    await sortBy('Inaktive Karten');
    await expect.poll(async () => (await mine())[0]).toBe(`Mitte ${tag}`);
    await sortBy('Unternehmen');
    await sortBy('Unternehmen');
    await expect.poll(mine).toEqual([`Zeta ${tag}`, `Mitte ${tag}`, `Alpha ${tag}`]);

    // Detail: tab 'Bearbeiten' books, tab 'Verlauf' (spec: history) lists.
    await page.getByRole('link', { name: `Details: Alpha ${tag}` }).click();
    await page.waitForURL(`**/v2/admin/credit/detail/${alpha.id}`);
    await page.getByRole('heading', { name: `Credits – Alpha ${tag}` }).waitFor();
    await expect(page.getByRole('tab', { name: 'Bearbeiten' }).getAttribute('aria-selected')).resolves.toBe('true');
    await expect(page.getByTestId('credit-balance').textContent()).resolves.toBe('0');
    await page.getByLabel('Credits (positiv: aufladen, negativ: abziehen)').fill('1,5');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await page.getByText('Bitte eine ganze Zahl eingeben').waitFor();
    await page.getByLabel('Credits (positiv: aufladen, negativ: abziehen)').fill('-3');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await page.getByText('Der Kontostand darf nicht unter 0 fallen', { exact: false }).first().waitFor();
    await page.getByLabel('Credits (positiv: aufladen, negativ: abziehen)').fill('24');
    await page.getByLabel('Infotext (optional)').fill('Jahrespaket');
    await page.getByRole('button', { name: 'Buchen' }).click();
    await page.getByText('Buchung wurde erfolgreich gespeichert').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="credit-balance"]')?.textContent === '24');
    await expect(page.getByTestId('credit-months').textContent()).resolves.toBe('24');

    await page.getByRole('tab', { name: 'Verlauf' }).click();
    const history = page.getByTestId('credit-history');
    await history.waitFor();
    const rows = history.locator('tbody tr');
    await expect(rows.count()).resolves.toBe(3);
    const first = await rows.nth(0).locator('td').allInnerTexts();
    expect(first.slice(1, 5)).toEqual(['24', 'Manuell', 'Jahrespaket', 'admin']);
    expect(first[0]).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2} Uhr$/);
    const activation = await rows.nth(1).locator('td').allInnerTexts();
    expect(activation.slice(1, 4)).toEqual(['-1', 'Aktivierung', 'Aktivierung der Visitenkarte A B0']);
    await expect(rows.nth(1).getByRole('link', { name: 'Karte öffnen' }).getAttribute('href')).resolves.toMatch(/^\/v2\/card\/visitenkarte\/edit\//);

    // Back on the overview the row is no longer flagged.
    await page.getByRole('link', { name: 'Zurück zur Übersicht' }).click();
    await page.waitForURL('**/v2/admin/credit');
    await page.locator('table.data tbody').getByText(`Alpha ${tag}`, { exact: true }).waitFor();
    await expect(page.locator('tr', { has: page.getByText(`Alpha ${tag}`, { exact: true }) }).getAttribute('class')).resolves.toBeNull();
  });

  test('a company user sees the cost, activates a card and the header balance follows without a reload; no credits: the 409 is shown', { timeout: 90_000 }, async () => {
    const t = await createTenant(s, undefined, { credits: 2 });
    const { page } = await openPage();
    await signIn(page, t.user);
    const credits = page.getByTestId('credits');
    await page.waitForFunction(() => document.querySelector('[data-testid="credits"]')?.textContent === 'Credits: 2');
    await expect(page.getByTestId('activation-cost').textContent()).resolves.toContain('kostet 1 Credit (aktueller Kontostand: 2 Credits)');

    await page.getByRole('link', { name: 'Visitenkarte anlegen' }).click();
    await page.waitForURL('**/v2/card/visitenkarte/add');
    await page.getByLabel('Vorname').fill('Erste');
    await page.getByLabel('Nachname').fill('Karte');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL('**/v2/card/visitenkarte/edit/**');
    // The store re-reads the balance after the save; the header picks it up within a second.
    await page.waitForFunction(() => document.querySelector('[data-testid="credits"]')?.textContent === 'Credits: 1');

    // Second card: the last credit. Third card: not enough credits, the form says so.
    // All within the app (no reload): the header follows the store.
    const openAdd = async () => {
      await page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Visitenkarten' }).click();
      await page.waitForURL('**/v2/card/visitenkarte');
      await page.getByRole('link', { name: 'Visitenkarte anlegen' }).click();
      await page.waitForURL('**/v2/card/visitenkarte/add');
    };
    for (const [name, expected] of [['Zweite', 'Credits: 0']] as const) {
      await openAdd();
      await page.getByLabel('Vorname').fill(name);
      await page.getByLabel('Nachname').fill('Karte');
      await page.getByRole('button', { name: 'Speichern' }).click();
      await page.waitForURL('**/v2/card/visitenkarte/edit/**');
      await page.waitForFunction((text) => document.querySelector('[data-testid="credits"]')?.textContent === text, expected);
    }
    await openAdd();
    await page.getByLabel('Vorname').fill('Dritte');
    await page.getByLabel('Nachname').fill('Karte');
    await page.getByTestId('activation-cost').and(page.locator('.alert-danger')).waitFor();
    await page.getByRole('button', { name: 'Speichern' }).click();
    const refused = page.getByTestId('save-error');
    await refused.waitFor();
    await expect(refused.textContent()).resolves.toContain('Nicht genügend Credits: Die Aktivierung kostet 1 Credit, es fehlen noch 1 Credit.');
    expect(page.url()).toMatch(/\/v2\/card\/visitenkarte\/add$/);

    // The admin books credits; the user's next save activates and the header follows.
    await addCredits(s, t.company.id, 5);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForURL('**/v2/card/visitenkarte/edit/**');
    await page.waitForFunction(() => document.querySelector('[data-testid="credits"]')?.textContent === 'Credits: 4');
    await expect(credits.textContent()).resolves.toBe('Credits: 4');
  });

  test('statistics: 12 bars per chart, the highest at 90%, a row per company; company users are sent away', { timeout: 90_000 }, async () => {
    const t = await createTenant(s, `Statistik ${Date.now().toString(36)}`, { credits: 3 });
    for (let i = 0; i < 3; i++) await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'S', lastname: `T${i}` } });
    const { page } = await openPage();
    await signIn(page, ADMIN);
    // The admin section's 'Statistik' (the card area has one of its own).
    await page.getByRole('navigation', { name: 'Hauptnavigation' }).locator('a[href="/v2/admin/statistik"]').click();
    await page.waitForURL('**/v2/admin/statistik');
    const charts = page.locator('figure.bar-chart');
    await charts.first().waitFor();
    // The views chart follows once every company's views are read (after the credit figures).
    await expect.poll(() => charts.locator('figcaption').allInnerTexts()).toEqual(['Aktivierungen', 'Verbrauchte Credits', 'Aufrufe']);
    const bars = charts.first().getByTestId('bar');
    await expect(bars.count()).resolves.toBe(12);
    const heights = await bars.evaluateAll((list) => list.map((b) => ({ value: Number(b.getAttribute('data-value')), height: (b as HTMLElement).style.height })));
    const max = Math.max(...heights.map((h) => h.value));
    expect(max).toBeGreaterThanOrEqual(3);
    expect(heights.at(-1)!.value).toBe(max);
    expect(heights.at(-1)!.height).toBe('90%');
    const row = page.getByTestId('statistics-table').locator('tr', { has: page.getByText(t.company.org, { exact: true }) });
    // Credits used carry their split in the same cell; the last column is the company's views (statistics issue) with its taps under them (issue 28): none yet.
    await expect.poll(() => row.locator('td').allInnerTexts()).toEqual([t.company.org, '3', '3\ndavon 3 für Aktivierungen, 0 monatlich', '3', '0', '0\n0 Klicks']);

    const user = await openPage();
    await signIn(user.page, t.user);
    await expect(user.page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Credits' }).count()).resolves.toBe(0);
    for (const path of ['/v2/admin/statistik', '/v2/admin/credit', `/v2/admin/credit/detail/${t.company.id}`]) {
      await user.page.goto(`${s.baseUrl}${path}`);
      await user.page.waitForURL('**/v2/card/company');
    }
  });
});
