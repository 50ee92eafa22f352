import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { profileFormThemes, themeLabel } from '../../shared/card/themes.ts';
import { PHONE } from './public-card-fixtures.ts';

// From the back office to the public card: a card made in the form opens on /c/:id ('Vorschau'),
// and its QR code downloads as an SVG named after the person.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('back office to public card', () => {
  test("a card created in the form opens on /c/:id from 'Vorschau'; 'QR-Code herunterladen' saves its SVG", async () => {
    const t = await createTenant(s);
    const { page, context } = await openPage();
    await page.goto(`${s.baseUrl}/`);
    await page.getByLabel('Benutzername').fill(t.user.username);
    await page.getByLabel('Passwort').fill(t.user.password);
    await page.getByRole('button', { name: 'Absenden' }).click();
    await page.waitForURL('**/v2/card/visitenkarte');
    await page.getByRole('link', { name: 'Visitenkarte anlegen' }).click();
    await page.getByLabel('Vorname').fill('Jörg');
    await page.getByLabel('Nachname').fill('Äbert');
    await page.getByLabel('Position').fill('Geschäftsführer');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Visitenkarte wurde erfolgreich angelegt').waitFor();
    await page.waitForURL(/\/v2\/card\/visitenkarte\/edit\/[\w-]+$/);
    const id = page.url().split('/').pop()!;

    await page.goto(`${s.baseUrl}/v2/card/visitenkarte`);
    await page.getByRole('button', { name: 'Aktionen für Jörg Äbert' }).click();
    const [card] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('menuitem', { name: 'Vorschau (neuer Tab)' }).click(),
    ]);
    await card.waitForURL(`**/c/${id}`);
    await card.setViewportSize(PHONE);
    await card.getByRole('heading', { level: 1, name: 'Jörg Äbert' }).waitFor();
    await card.getByText('Geschäftsführer').waitFor();
    await expect(card.title()).resolves.toBe(`${t.company.org} Jörg Äbert`);
    await card.close();

    await page.getByRole('button', { name: 'Aktionen für Jörg Äbert' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'QR-Code herunterladen' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^QR-Code-J(ö|oe)rg-(Ä|Ae)bert\.svg$/);
    const svg = await new Response(await download.createReadStream() as unknown as ReadableStream).text();
    expect(svg).toMatch(/<svg[\s>]/);
  });

  test("the profile form's theme picker shows German labels; 'testing' only for admins", async () => {
    const t = await createTenant(s);
    const optionsFor = async (user: { username: string; password: string }) => {
      const { page } = await openPage();
      await page.goto(`${s.baseUrl}/`);
      await page.getByLabel('Benutzername').fill(user.username);
      await page.getByLabel('Passwort').fill(user.password);
      await page.getByRole('button', { name: 'Absenden' }).click();
      await page.waitForURL('**/v2/**');
      await page.goto(`${s.baseUrl}/v2/card/profil/edit/${t.profile.id}`);
      await page.getByRole('tab', { name: 'Einstellungen' }).click();
      await page.getByRole('tab', { name: 'Auswahl' }).click();
      const select = page.locator('select[name="theme"]');
      await select.waitFor();
      await expect(select.inputValue()).resolves.toBe('the-vcard');
      return select.locator('option').evaluateAll((os) => os.map((o) => ({ value: (o as HTMLOptionElement).value, label: o.textContent })));
    };
    const forUser = await optionsFor(t.user);
    expect(forUser).toEqual(profileFormThemes(false).map((value) => ({ value, label: themeLabel(value) })));
    expect(forUser[0]).toEqual({ value: 'the-vcard', label: 'Standard' });
    const forAdmin = await optionsFor(ADMIN);
    expect(forAdmin.map((o) => o.value)).toContain('testing');
    expect(forAdmin.find((o) => o.value === 'testing')?.label).toBe('Test (nur Administratoren)');
  });
});
