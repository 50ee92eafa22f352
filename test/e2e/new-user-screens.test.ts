import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn } from '../helpers/browser.ts';
import { createBareTenant, createProfile, createTenant } from '../helpers/card-fixtures.ts';

// Issue 24: the defects a new user met, one test each (numbers as in the issue): profiles, cards,
// credits, statistics, legacy screens. Signing in and the frame are in new-user-frame.test.ts.

// Each test walks several screens: on a loaded machine that takes longer than the default 20 s.
let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const at = (page: Page, token: string, path: string) => openSignedIn(page, s.baseUrl, token, path);

const toast = (page: Page, text: string | RegExp) => page.getByRole('status').filter({ hasText: text });

describe('profiles and cards', { timeout: 60_000 }, () => {
  test('6: the profile settings show a live card preview beside the design choice', async () => {
    const t = await createTenant(s);
    const { page } = await openPage();
    await at(page, t.user.token, `/v2/card/profil/edit/${t.profile.id}`);
    await page.getByRole('tab', { name: 'Einstellungen' }).click();
    await page.getByRole('tab', { name: 'Auswahl' }).click();
    const preview = page.getByRole('region', { name: 'Vorschau' });
    await preview.locator('.vc-card').waitFor();
    await page.getByLabel('Design').selectOption('dark');
    await preview.locator('.vc-card.th-dark').waitFor();
    // Beside the choice on a laptop, not below the form.
    const choice = (await page.getByLabel('Design').boundingBox())!;
    const card = (await preview.boundingBox())!;
    expect(card.x).toBeGreaterThan(choice.x + choice.width);
    // The styling sub-tab's colours reach it too.
    await page.getByRole('tab', { name: 'Styling' }).click();
    await page.locator('input[name="person-background"]').fill('#123456');
    await expect.poll(() => preview.locator('.vc-card').getAttribute('style')).toContain('#123456');
  });
});

describe('card details', { timeout: 60_000 }, () => {
  test('7: a new social row is no error before anything is typed; the profile\'s LinkedIn reaches the card and the vCard', async () => {
    const t = await createTenant(s);
    const { page } = await openPage();
    await at(page, t.user.token, '/v2/card/visitenkarte/add');
    await page.getByLabel('Vorname').waitFor();
    // A save that failed (no name): from now on every change re-validates.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.locator('.field-error').first().waitFor();
    await page.getByRole('button', { name: '+ Social Media hinzufügen' }).click();
    const row = page.locator('fieldset.contact-list').filter({ hasText: 'Social Media' }).locator('.contact-row');
    await row.waitFor();
    expect(await row.locator('.field-error').count()).toBe(0);
    // Typing something wrong is said at once; the next save names the empty row.
    await row.locator('input').fill('linkedin.com/in/x');
    await row.getByText('Muss mit http:// oder https:// beginnen').waitFor();
    await row.locator('input').fill('');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await row.getByText('Pflichtfeld').waitFor();

    const profile = (await s.call('profileGet', { params: { id: t.profile.id }, token: t.user.token })).body;
    const patched = await s.call('profileUpdate', { params: { id: t.profile.id }, token: t.user.token, body: { ...profile, social: [{ type: 'linkedin', link: 'https://www.linkedin.com/company/beispiel' }], version: profile.version } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Lina', lastname: 'Link' } });
    const visitor = await openPage({ width: 390, height: 844 });
    await visitor.page.goto(`${s.baseUrl}/c/${card.body.id}`);
    await visitor.page.locator('a[href="https://www.linkedin.com/company/beispiel"]').first().waitFor();
    const vcard = await (await fetch(`${s.baseUrl}/api/card/${card.body.id}/vcard`)).text();
    expect(vcard).toMatch(/item(\d+)\.URL:https:\/\/www\.linkedin\.com\/company\/beispiel\r\nitem\1\.X-ABLabel:LinkedIn\r\n/);
  });
});

describe('the card form', { timeout: 60_000 }, () => {
  test('8: a profile with one address has it chosen; "Kürzel" is explained; e-mail types read as words', async () => {
    const t = await createBareTenant(s);
    const profile = await createProfile(s, t.company.id, { adressen: [{ straße: 'Einzige Straße 1', plz: '10115', ort: 'Berlin' }] });
    const { page } = await openPage();
    await at(page, t.user.token, '/v2/card/visitenkarte/add');
    const address = page.locator('select[name="adresseId"]');
    await address.locator('option', { hasText: 'Einzige Straße 1' }).waitFor({ state: 'attached' });
    await expect(address.inputValue()).resolves.toBe(profile.adressen[0]!.adresseId);
    await expect(page.getByLabel('Kürzel').evaluate((el) => document.getElementById(el.getAttribute('aria-describedby') ?? '')?.textContent))
      .resolves.toBe('Titel vor dem Namen, z. B. Dr. oder Prof. (optional)');
    await page.getByRole('button', { name: '+ E-Mail hinzufügen' }).click();
    const types = await page.locator('fieldset.contact-list').filter({ hasText: 'E-Mail' }).locator('select option').allTextContents();
    expect(types[0]).toBe('Geschäftlich (Haupt-E-Mail)');
    expect(types.some((x) => /^E-Mail \d$/.test(x))).toBe(false);
  });
});

describe('credits', { timeout: 60_000 }, () => {
  test('9: activating a card says what it costs before saving and after; switching a paid card on again costs nothing', async () => {
    const t = await createTenant(s, undefined, { credits: 5 });
    const { page } = await openPage();
    await at(page, t.user.token, '/v2/card/visitenkarte/add');
    await page.getByLabel('Vorname').fill('Clara');
    await page.getByLabel('Nachname').fill('Credit');
    const notice = page.locator('.form-actions').getByText('Die Aktivierung kostet 1 Credit', { exact: true });
    await notice.waitFor();
    expect(await page.getByRole('button', { name: 'Speichern' }).getAttribute('aria-describedby')).toBe(await notice.getAttribute('id'));
    await page.getByLabel('Aktiv').uncheck();
    await notice.waitFor({ state: 'detached' });
    await page.getByLabel('Aktiv').check();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Visitenkarte wurde erfolgreich angelegt. Die Aktivierung hat 1 Credit gekostet (Kontostand jetzt: 4 Credits).').waitFor();
    await page.waitForURL('**/v2/card/visitenkarte/edit/**');

    // Off and on again: it was paid, nothing is said, nothing is charged.
    await page.getByLabel('Aktiv').uncheck();
    await page.getByRole('button', { name: 'Speichern' }).click();
    await toast(page, 'Visitenkarte wurde erfolgreich gespeichert').waitFor();
    await page.getByLabel('Aktiv').check();
    expect(await page.getByText('Die Aktivierung kostet').count()).toBe(0);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="credits"]')?.textContent === 'Credits: 4');
    expect((await s.call('creditGet', { params: { id: t.company.id }, token: t.user.token })).body.credits).toBe(4);
  });
});

describe('new tabs', { timeout: 60_000 }, () => {
  test('10: "QR-Codes für die Wallet" and "Vorschau" say that they open a new tab', async () => {
    const t = await createTenant(s);
    await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Tara', lastname: 'Tab' } });
    const { page } = await openPage();
    await at(page, t.user.token, '/v2/card/visitenkarte');
    await page.getByRole('button', { name: 'Aktionen für Tara Tab' }).click();
    const items = await page.getByRole('menu').getByRole('menuitem').allTextContents();
    expect(items.filter((x) => x.endsWith('(neuer Tab)'))).toEqual(['Vorschau (neuer Tab)', 'QR-Codes für die Wallet (neuer Tab)']);
  });
});

/** Columns whose header and cells are aligned differently (first body row), by header text. */
async function misaligned(page: Page, table: ReturnType<Page['locator']>): Promise<string[]> {
  return table.evaluate((t) => {
    const heads = [...t.querySelectorAll('thead th')];
    const cells = [...(t.querySelector('tbody tr')?.querySelectorAll('td') ?? [])];
    const side = (el: Element) => (['right', 'end'].includes(getComputedStyle(el).textAlign) ? 'right' : 'left');
    return heads.flatMap((th, i) => (cells[i] && th.textContent?.trim() && side(th) !== side(cells[i]!) ? [th.textContent.trim()] : []));
  });
}

/** Visible month labels of each chart that overlap their neighbour. */
async function collidingLabels(page: Page): Promise<string[]> {
  return page.locator('.bar-chart').evaluateAll((charts) => charts.flatMap((chart) => {
    const boxes = [...chart.querySelectorAll('.bar-chart-label')]
      .filter((l) => !l.classList.contains('visually-hidden'))
      .map((l) => ({ text: l.textContent, r: l.getBoundingClientRect() }));
    return boxes.slice(1).flatMap((b, i) => (b.r.left < boxes[i]!.r.right ? [`${boxes[i]!.text}/${b.text}`] : []));
  }));
}

describe('statistics', { timeout: 60_000 }, () => {
  test("11: a name leads to that card's figures in the same layout, titled with the name; numbers under their headers; month labels apart", async () => {
    const t = await createTenant(s);
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Stella', lastname: 'Statistik' } });
    await s.call('cardGet', { params: { id: card.body.id } });
    await s.flushViews();
    for (const size of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
      const { page } = await openPage(size);
      await at(page, t.user.token, '/v2/card/statistik');
      const table = page.getByTestId('statistik-table');
      await table.getByRole('link', { name: 'Stella Statistik' }).waitFor();
      if (size.width > 767) expect(await misaligned(page, table)).toEqual([]);
      expect(await collidingLabels(page)).toEqual([]);
      if (size.width > 767) {
        await table.getByRole('link', { name: 'Stella Statistik' }).click();
        await page.getByRole('heading', { name: 'Übersicht - Statistik: Stella Statistik' }).waitFor();
        await page.locator('#sidebar').getByRole('link', { name: 'Statistik' }).waitFor();
        expect(await misaligned(page, page.getByTestId('person-years'))).toEqual([]);
      }
    }
    const { page } = await openPage();
    await at(page, await s.adminToken(), '/v2/admin/statistik');
    const admin = page.getByTestId('statistics-table');
    await admin.locator('tbody tr').first().waitFor();
    expect(await misaligned(page, admin)).toEqual([]);
    await expect.poll(() => page.locator('.bar-chart').count()).toBe(3);
    expect(await collidingLabels(page)).toEqual([]);
    // The tools' error table: its message column reads from the left like its header.
    await page.goto(`${s.baseUrl}/tools/json-erstellen`);
    await page.locator('input[type="file"]').setInputFiles({ name: 'fehler.csv', mimeType: 'text/csv', buffer: Buffer.from('Nachname;Vorname;E-Mail 1\nMuster;Max;kein-mail\n') });
    await page.getByRole('button', { name: 'Umwandeln' }).click();
    const errors = page.locator('table.data').filter({ hasText: 'kein-mail' }).or(page.locator('table.data').filter({ hasText: 'E-Mail' }));
    await errors.first().locator('tbody tr').first().waitFor();
    expect(await misaligned(page, errors.first())).toEqual([]);
  });
});

describe('legacy screens', { timeout: 60_000 }, () => {
  test('14: styled fieldsets, add buttons of their own width, phone types as words, edit links that stay in the legacy layout', async () => {
    const t = await createTenant(s);
    const admin = await s.adminToken();
    const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: uniqueName('Alt '), plz: '12345', ort: 'Altstadt' } });
    const { page } = await openPage();
    const legacyNav = page.getByRole('navigation', { name: 'Navigation (alte Version)' });
    await at(page, admin, `/vcard/person/add?companyId=${legacy.body.id}`);
    await page.getByRole('heading', { name: 'Legacy-Person anlegen' }).waitFor();
    const fieldsets = await page.locator('main fieldset').evaluateAll((list) => list.map((f) => {
      const cs = getComputedStyle(f);
      return { groove: cs.borderTopStyle === 'groove', radius: Number.parseFloat(cs.borderTopLeftRadius) };
    }));
    expect(fieldsets.length).toBeGreaterThan(0);
    expect(fieldsets.filter((f) => f.groove)).toEqual([]);
    const add = page.getByRole('button', { name: '+ Telefon hinzufügen' });
    const addWidth = (await add.boundingBox())!.width;
    const formWidth = (await page.locator('main form').boundingBox())!.width;
    expect(addWidth).toBeLessThan(formWidth / 2);
    await add.click();
    expect(await page.locator('.contact-row select').first().locator('option').allTextContents()).toEqual(['Geschäftlich', 'Mobil']);

    // Edit links of the legacy lists open their forms in the legacy layout.
    await page.goto(`${s.baseUrl}/company`);
    await page.getByRole('button', { name: `Aktionen für ${t.company.org}` }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await page.waitForURL(`**/company/edit/${t.company.id}`);
    await legacyNav.waitFor();
    await page.getByRole('tab', { name: 'Profile' }).click();
    const profile = (await s.call('profileList', { params: { companyId: t.company.id }, token: admin })).body[0] as { id: string; profilname: string };
    await page.getByRole('button', { name: `Aktionen für ${profile.profilname}` }).click();
    await page.getByRole('menuitem', { name: 'Bearbeiten' }).click();
    await page.waitForURL(`**/company/edit/${t.company.id}/profil/${profile.id}`);
    await legacyNav.waitFor();
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await page.waitForURL(`**/company/edit/${t.company.id}?tab=profile`);
    await expect(page.getByRole('tab', { name: 'Profile' }).getAttribute('aria-selected')).resolves.toBe('true');

    await page.goto(`${s.baseUrl}/user`);
    await page.getByRole('link', { name: `Bearbeiten: ${t.user.username}` }).click();
    await page.waitForURL(`**/user/edit/${t.user.id}`);
    await legacyNav.waitFor();
    await page.getByRole('heading', { name: 'Benutzer bearbeiten' }).waitFor();
  });
});
