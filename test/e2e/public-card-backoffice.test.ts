import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { profileFormThemes, themeLabel } from '../../shared/card/themes.ts';
import { DeleteCommand, GetCommand, PutCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { openCard, PHONE } from './public-card-fixtures.ts';

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

  test('own CSS: the profile form shows the stored CSS (also a profile\'s saved before it had an item of its own), saves a change, the public card applies it', async () => {
    const t = await createTenant(s);
    const stored = async (key: { pk: string; sk: string }) => (await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }))).Item;
    const before = '.vc-name { color: rgb(1, 2, 3); }';
    const current = (await s.call('profileGet', { params: { id: t.profile.id }, token: t.user.token })).body;
    const { id: _id, companyId: _c, cardCount: _n, createdAt: _a, updatedAt: _u, ...form } = current;
    expect((await s.call('profileUpdate', { params: { id: t.profile.id }, token: t.user.token, body: { ...form, settings: { ...form.settings, customCss: before } } })).status).toBe(200);
    // As the code before the CSS item wrote it: the CSS inline in the profile item, no CSS item.
    const item = (await stored(keys.profile(t.profile.id)))!;
    await db().send(new PutCommand({ TableName: tableName(), Item: { ...item, settings: { ...(item.settings as object), customCss: before } } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.profileCss(t.profile.id) }));
    const card = await s.call('personCreate', { token: t.user.token, body: { companyProfilId: t.profile.id, firstname: 'Jürgen', lastname: 'Weiß' } });
    expect(card.status).toBe(200);

    const { page } = await openPage();
    const cssField = async () => {
      await openSignedIn(page, s.baseUrl, t.user.token, `/v2/card/profil/edit/${t.profile.id}`);
      await page.getByRole('tab', { name: 'Einstellungen' }).click();
      await page.getByRole('tab', { name: 'Styling' }).click();
      return page.locator('textarea[name="customCss"]');
    };
    await expect((await cssField()).inputValue()).resolves.toBe(before);
    const after = '.vc-name { color: rgb(4, 5, 6); }';
    await (await cssField()).fill(after);
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByText('Profil wurde erfolgreich gespeichert').waitFor();
    await expect((await cssField()).inputValue()).resolves.toBe(after);
    expect((await stored(keys.profileCss(t.profile.id)))?.css).toBe(after);
    expect((await stored(keys.profile(t.profile.id)))!.settings).not.toHaveProperty('customCss');

    const visitor = (await openPage(PHONE)).page;
    await openCard(visitor, s.baseUrl, card.body.id);
    await expect(visitor.locator('.vc-name').evaluate((e) => getComputedStyle(e).color)).resolves.toBe('rgb(4, 5, 6)');
  });
});
