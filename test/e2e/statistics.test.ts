import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { countLogFile } from '../helpers/count-log.ts';
import { clearOfMidnight } from '../helpers/clear-of-midnight.ts';
import { formatCdnLogLine } from '../../functions/domain/statistics/cdn-log-format.ts';
import { addMonths, berlinMonth } from '../../functions/domain/statistics/berlin-time.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });
// This month and the one two before are in the expectations: a run must not straddle the end of a Berlin month.
beforeEach(() => clearOfMidnight(120_000, berlinMonth), 150_000);

const signIn = (page: Page, username: string, password: string) => signInAs(page, s.baseUrl, { username, password });

async function newCard(companyProfilId: string, firstname: string, lastname: string): Promise<string> {
  const res = await s.call('personCreate', { token: await s.adminToken(), body: { companyProfilId, firstname, lastname } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

/** Inline bar heights (percent of the chart) of one chart, in month order. */
async function barHeights(page: Page, chart: ReturnType<Page['locator']>): Promise<number[]> {
  return chart.locator('[data-testid="bar"]').evaluateAll((bars) => bars.map((b) => Number.parseFloat((b as HTMLElement).style.height)));
}

describe('views in the browser', () => {
  test('public card views on a phone show up in the statistics, the bars follow the 90% rule, the flag hides it all', { timeout: 120_000 }, async () => {
    const t = await createTenant(s);
    const anna = await newCard(t.profile.id, 'Anna', 'Albrecht');
    const bernd = await newCard(t.profile.id, 'Bernd', 'Berger');

    // Two months ago Anna had 6 views (a log file as CloudFront delivers it).
    const thisMonth = berlinMonth(new Date());
    const twoMonthsAgo = addMonths(thisMonth, -2);
    const earlier = new Date(`${twoMonthsAgo}-15T12:00:00Z`);
    await countLogFile({
      fileId: `e2e/${anna}`,
      lines: Array.from({ length: 6 }, () => formatCdnLogLine({ at: earlier, method: 'GET', path: `/api/card/${anna}`, status: 200, userAgent: '-' })),
    });

    // A visitor's phone opens Anna's card three times and Bernd's once.
    const phone = await openPage({ width: 390, height: 844 });
    for (const [id, name] of [[anna, 'Anna'], [anna, 'Anna'], [anna, 'Anna'], [bernd, 'Bernd']] as const) {
      // The page arrives with its card (issue 20): the page's own answer is the counted view.
      const loaded = await phone.page.goto(`${s.baseUrl}/c/${id}`);
      expect(loaded!.status()).toBe(200);
      await phone.page.getByText(name).first().waitFor();
    }
    await phone.close();
    expect((await s.flushViews()).counted).toBe(4);

    const { page } = await openPage();
    await signIn(page, t.user.username, t.user.password);
    await page.getByRole('navigation').getByRole('link', { name: 'Statistik' }).click();
    await page.waitForURL('**/v2/card/statistik');
    await expect.poll(() => page.getByTestId('total-views').textContent()).toBe('10');
    expect(await page.getByTestId('views-per-card').textContent()).toBe('5,00');
    expect(await page.getByTestId('total-saves').textContent()).toBe('0');

    const rowOf = (id: string) => page.getByTestId('statistik-table').getByRole('row').filter({ hasText: id === anna ? 'Anna Albrecht' : 'Bernd Berger' });
    expect(await rowOf(anna).getByTestId('row-views').textContent()).toBe('9');
    // 90% rule: the month with the most views reaches 90% of the chart, the others in proportion.
    const annaBars = await barHeights(page, rowOf(anna));
    expect(annaBars).toHaveLength(12);
    expect(annaBars[9]).toBeCloseTo(90, 5);
    expect(annaBars[11]).toBeCloseTo(45, 5);
    expect(annaBars.filter((_, i) => i !== 9 && i !== 11).every((h) => h === 0)).toBe(true);
    expect((await barHeights(page, rowOf(bernd)))[11]).toBeCloseTo(90, 5);
    // The values are text, for screen readers and everybody else.
    expect(await rowOf(anna).locator('.bar-chart-value').allTextContents()).toEqual(['0', '0', '0', '0', '0', '0', '0', '0', '0', '6', '0', '3']);
    const companyChart = page.locator('.bar-chart').filter({ hasText: 'Alle Visitenkarten' }).first();
    const companyBars = await barHeights(page, companyChart);
    expect(companyBars[9]).toBeCloseTo(90, 5);
    expect(companyBars[11]).toBeCloseTo(60, 5);

    // The person statistic, in the V2 layout, saying whose figures these are.
    await rowOf(anna).getByRole('link', { name: 'Anna Albrecht' }).click();
    await page.waitForURL(`**/v2/card/statistik/${anna}`);
    await page.getByRole('heading', { name: 'Übersicht - Statistik: Anna Albrecht' }).waitFor();
    await page.locator('#sidebar').getByRole('link', { name: 'Statistik' }).waitFor();
    expect(await page.getByTestId('person-total-views').textContent()).toBe('9');
    const years = await page.getByTestId('person-years').locator('tbody tr').allTextContents();
    // Jahr, Aufrufe, Klicks (issue 28: no taps here).
    const expected = twoMonthsAgo.slice(0, 4) === thisMonth.slice(0, 4) ? [`${thisMonth.slice(0, 4)}90`] : [`${thisMonth.slice(0, 4)}30`, `${twoMonthsAgo.slice(0, 4)}60`];
    expect(years).toEqual(expected);

    // The card overview shows each card's views.
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte`);
    const annaRow = page.getByRole('row').filter({ hasText: 'Albrecht' });
    // The views column is a deferred loader value (it follows the list); a loaded machine needs more than poll's default 1 s.
    await expect.poll(() => annaRow.getByTestId('card-views').textContent(), { timeout: 10_000 }).toBe('9');

    // Without the statistik flag: no link, the screen sends the user to the company page.
    const off = await s.call('companyUpdate', { params: { id: t.company.id }, token: await s.adminToken(), body: { display: { statistik: false } } });
    expect(off.status).toBe(200);
    await page.goto(`${s.baseUrl}/v2/card/statistik`);
    await page.waitForURL('**/v2/card/company');
    expect(await page.getByRole('navigation').getByRole('link', { name: 'Statistik' }).count()).toBe(0);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte`);
    await page.getByRole('row').filter({ hasText: 'Albrecht' }).waitFor();
    expect(await page.getByTestId('card-views').count()).toBe(0);

    // The admin statistics show the company's views (admins see them with the flag off, too).
    const admin = await openPage();
    await signIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.goto(`${s.baseUrl}/v2/admin/statistik`);
    const companyRow = admin.page.getByTestId('statistics-table').getByRole('row').filter({ hasText: t.company.org });
    // Deferred like the card list's column: one statistics request per company, after the credit figures.
    await expect.poll(() => companyRow.getByTestId('company-views').textContent(), { timeout: 10_000 }).toBe('10');
  });
});
