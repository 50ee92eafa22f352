import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createCompany, createTenant } from '../helpers/card-fixtures.ts';
import { PHONE } from './public-card-fixtures.ts';

// Issue 24: no list or table is wider than its box, at a laptop's 1280×800 and a phone's 390×844.
// Each screen is filled with long, realistic names; a box that scrolls sideways (or a page that
// does) is a failure, named with its selector and both widths.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

/** Every element of the page that is wider inside than its box: the page itself, its main area, table boxes and tables. */
async function overflows(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = [document.documentElement, ...document.querySelectorAll('main, .table-scroll, table, .card, .tabs, .toolbar')];
    return boxes.flatMap((el) => {
      const e = el as HTMLElement;
      // One pixel of rounding is no overflow.
      if (e.scrollWidth <= e.clientWidth + 1) return [];
      const name = e === document.documentElement ? 'html' : `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;
      return [`${name}: ${e.scrollWidth} px in ${e.clientWidth} px`];
    });
  });
}

async function settled(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForFunction(() => !document.body.textContent?.includes('Wird geladen'));
}

/** A staff list with two rows the import refuses, its values as long as real ones get. */
function badStaffList(): Buffer {
  return Buffer.from([
    'Nachname;Vorname;Position;E-Mail 1;Aktiv',
    'Schwarzenberger-Hohenlohe;;Leiterin Vertrieb Süddeutschland, Österreich und Schweiz;b.schwarzenberger@beispiel.de;Ja',
    'Mustermann-Lüdenscheid;Maximiliane;Geschäftsführerin;maximiliane.mustermann-luedenscheid-at-zahnarztpraxis-beispiel.de;Ja',
  ].join('\r\n') + '\r\n', 'utf8');
}

describe('lists fit their box', () => {
  test('every list and table screen at 1280×800 and 390×844', { timeout: 180_000 }, async () => {
    const admin = await s.adminToken();
    const t = await createTenant(s, 'Zahnarztpraxis Dr. Maximiliane Mustermann-Lüdenscheid & Partner');
    for (const [firstname, lastname] of [['Maximiliane', 'Mustermann-Lüdenscheid'], ['Bartholomäus', 'Schwarzenberger-Hohenlohe'], ['Anna', 'Özdemir']] as const) {
      const res = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname, lastname, position: 'Geschäftsführerin' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const org of ['Großhandel für Sanitär- und Heizungstechnik Nordrhein-Westfalen GmbH', 'Bäckerei Korn']) await createCompany(s, { org });
    await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: -3, infotext: 'Korrektur der Buchung vom Vormonat wegen doppelt berechneter Aktivierung' } });
    const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: 'Altes Autohaus Friedrich-Wilhelm Schulze-Brakel KG', plz: '12345', ort: 'Neustadt an der Weinstraße' } });
    expect(legacy.status).toBe(200);
    const legacyPerson = await s.call('vcardPersonCreate', { token: admin, body: { companyId: legacy.body.id, firstname: 'Friedrich-Wilhelm', lastname: 'Schulze-Brakelmann' } });
    expect(legacyPerson.status).toBe(200);
    const anyCard = (await s.call('personListByProfile', { params: { profileId: t.profile.id }, token: t.user.token })).body.items[0]!.id;
    // Kontakte (issue 28): a contact left on an active card, every field long.
    const active = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Konstantin', lastname: 'Kontaktaufnahme-Bereitschaft', isActive: true } });
    expect(active.status, JSON.stringify(active.body)).toBe(200);
    const contact = await s.call('contactCreate', { params: { id: active.body.id }, body: {
      name: 'Maximiliane Mustermann-Lüdenscheid', email: 'maximiliane.mustermann-luedenscheid@zahnarztpraxis-beispiel.de', phone: '+49 (0) 2351 123456-789',
      company: 'Großhandel für Sanitär- und Heizungstechnik Nordrhein-Westfalen GmbH', consent: true,
      message: 'Wir haben uns auf der Messe in Düsseldorf am Stand der Zahnärztekammer getroffen; bitte rufen Sie mich wegen der Angebotsanfrage zurück.',
    } });
    expect(contact.status, JSON.stringify(contact.body)).toBe(200);

    const screens: { path: string; tab?: string }[] = [
      { path: '/v2/card/visitenkarte' }, { path: '/v2/card/profil' }, { path: '/v2/card/statistik' },
      { path: '/v2/admin/company' }, { path: '/v2/admin/user' }, { path: '/v2/admin/credit' },
      { path: `/v2/admin/credit/detail/${t.company.id}`, tab: 'Verlauf' }, { path: '/v2/admin/statistik' },
      { path: '/company' }, { path: '/user' }, { path: '/vcard/company' }, { path: '/vcard/person' },
      { path: `/company/edit/${t.company.id}`, tab: 'Anwender' }, { path: `/company/edit/${t.company.id}`, tab: 'Profile' },
      { path: `/vcard/person/statistic/${anyCard}` }, { path: '/v2/card/kontakte' }, { path: '/v2/card/protokoll' },
    ];
    const found: string[] = [];
    for (const size of [{ width: 1280, height: 800 }, PHONE]) {
      const { page, close } = await openPage(size);
      await page.goto(`${s.baseUrl}/`);
      await page.evaluate(([token, company]) => { localStorage.setItem('token', token!); localStorage.setItem('selectedCompanyId', company!); }, [admin, t.company.id]);
      for (const { path, tab } of screens) {
        await page.goto(`${s.baseUrl}${path}`);
        await settled(page);
        if (tab) await page.getByRole('tab', { name: tab }).click();
        await page.locator('table tbody tr').first().waitFor();
        for (const o of await overflows(page)) found.push(`${size.width}×${size.height} ${path}${tab ? ` (${tab})` : ''}: ${o}`);
      }
      // The tools' table: the rows a staff list got wrong, with long values and messages.
      await page.goto(`${s.baseUrl}/tools/json-erstellen`);
      await settled(page);
      await page.getByLabel('Tabelle (Excel oder CSV)').setInputFiles({ name: 'mitarbeiter.csv', mimeType: 'text/csv', buffer: badStaffList() });
      await page.getByRole('button', { name: 'Umwandeln' }).click();
      await page.getByRole('region', { name: '2 fehlerhafte Zeilen' }).locator('tbody tr').first().waitFor();
      for (const o of await overflows(page)) found.push(`${size.width}×${size.height} /tools/json-erstellen: ${o}`);
      await close();
    }
    expect(found).toEqual([]);
  });

  test('the column choice hides a column, and the list keeps it hidden over a reload; the row menu is reached by keyboard', async () => {
    const t = await createTenant(s);
    await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Spalte', lastname: 'Wahl' } });
    const { page } = await openPage();
    await page.goto(`${s.baseUrl}/`);
    await page.evaluate((token) => localStorage.setItem('token', token), t.user.token);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte`);
    // Header texts without the sort arrow.
    const headers = async () => (await page.locator('table.cards-table thead th').allInnerTexts()).map((h) => h.replace(/[▲▼]/g, '').trim());
    await page.getByRole('row').filter({ hasText: 'Wahl' }).waitFor();
    expect(await headers()).toContain('Profil');
    await page.getByText('Spalten', { exact: true }).click();
    await page.getByRole('checkbox', { name: 'Profil' }).uncheck();
    expect(await headers()).not.toContain('Profil');
    await page.reload();
    await page.getByRole('row').filter({ hasText: 'Wahl' }).waitFor();
    expect(await headers()).not.toContain('Profil');
    expect(await headers()).toContain('Nachname');
    // Tab to the row's menu button, open it with Enter: focus lands on its first action.
    const button = page.getByRole('button', { name: 'Aktionen für Spalte Wahl' });
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Vorschau (neuer Tab)');
    await page.keyboard.press('End');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Löschen');
    await page.keyboard.press('Enter');
    await page.getByRole('alertdialog', { name: 'Visitenkarte löschen' }).waitFor();
  });
});
