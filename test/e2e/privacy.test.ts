import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn } from '../helpers/browser.ts';
import { createProfile, uploadImage } from '../helpers/card-fixtures.ts';
import { configureTestWallets } from '../helpers/wallet-fakes.ts';
import { createCard, fullProfile, openCard, PHONE, tenantWithImages } from './public-card-fixtures.ts';
import { vcardCompanyBody, vcardPersonBody } from '../api/route-fixtures-vcard.ts';
import type { Tenant } from './public-card-fixtures.ts';

// DSGVO in the back office (issue 27): a card holder's data is exported from the card form, then
// erased; afterwards nothing of the person can be fetched by a visitor or a user: public card,
// vCard, images (every variant the page loaded), wallet passes, QR page, export.

let s: TestServer;
let t: Tenant;
let files: { photo: string; logo: string };

beforeAll(async () => {
  configureTestWallets();
  s = await startTestServer();
  ({ t, files } = await tenantWithImages(s));
}, 120_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('DSGVO export and erasure from the card form', () => {
  test('export downloads a ZIP; after the erasure nothing of the person can be fetched', async () => {
    const profile = await createProfile(s, t.company.id, fullProfile(files.logo));
    const imageWallet = await uploadImage(s, t.user.token, t.company.id);
    const id = await createCard(s, t, profile, { image: files.photo, imageWallet });
    const signature = (await s.call('walletSignature', { params: { userId: id }, token: t.user.token })).body.signature as string;

    // What a visitor can fetch before: the page with its images, the vCard, both passes.
    const visitor = await openPage(PHONE);
    await openCard(visitor.page, s.baseUrl, id);
    await visitor.page.getByRole('heading', { name: /Jürgen Weiß/ }).first().waitFor();
    const images = await visitor.page.evaluate(() => [...document.images].map((i) => i.currentSrc || i.src));
    const photoUrls = images.filter((u) => u.includes(files.photo.split('.')[0]!));
    expect(photoUrls.length).toBeGreaterThan(0);
    const urls = [
      `/api/card/${id}`, `/api/card/${id}/vcard`, ...photoUrls.map((u) => new URL(u).pathname + new URL(u).search),
      `/api/upload/imageWallet/${imageWallet}`, `/api/wallet/pkpass/${id}/${signature}`,
    ];
    for (const url of urls) expect((await visitor.page.request.get(s.baseUrl + url, { maxRedirects: 0 })).status(), url).toBe(200);
    await visitor.close();

    // The company user exports the data and erases the card from the card form.
    const { page } = await openPage();
    await openSignedIn(page, s.baseUrl, t.user.token, `/v2/card/visitenkarte/edit/${id}`);
    await page.getByRole('heading', { name: 'Datenschutz (DSGVO)' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Daten exportieren (Art. 15)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^auskunft-.*\.zip$/);
    const zipPath = await file.path();
    expect(zipPath).toBeTruthy();

    await page.getByRole('button', { name: 'Endgültig löschen (Art. 17)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Endgültig löschen (Art. 17)' });
    await dialog.waitFor();
    await expect(dialog.getByText(/alle Daten von „Jürgen Weiß“ endgültig löschen/).isVisible()).resolves.toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Endgültig löschen (Art. 17)' });
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/ID der Karte/).fill('falsch');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/ID der Karte/).fill(id);
    await confirm.click();
    await page.getByText('Alle Daten der Karte wurden gelöscht.').first().waitFor();
    await page.waitForURL('**/v2/card/visitenkarte');

    // A new visitor: nothing of the person.
    const after = await openPage(PHONE);
    for (const url of urls) {
      const res = await after.page.request.get(s.baseUrl + url, { maxRedirects: 0 });
      // Wallet links send every failure to the QR page (303), which then says the card is not found.
      expect([404, 303], `${url}: ${res.status()}`).toContain(res.status());
      expect(await res.text(), url).not.toContain('Weiß');
    }
    await openCard(after.page, s.baseUrl, id);
    await after.page.getByText('Karte nicht gefunden').first().waitFor();
    expect(await after.page.content()).not.toContain('Jürgen');
    await after.page.goto(`${s.baseUrl}/qr/${id}/${signature}`);
    await after.page.getByText('Karte nicht gefunden').first().waitFor();
    expect(await after.page.content()).not.toContain('Jürgen');
    // The user's own routes: export, QR code, the card itself.
    for (const path of [`/api/card/company/person/${id}/dsgvo-export`, `/api/card/company/person/${id}`, `/api/card/company/person/${id}/qr`]) {
      const res = await after.page.request.get(s.baseUrl + path, { headers: { authorization: `Bearer ${t.user.token}` } });
      expect(res.status(), path).toBe(404);
    }

    // The audit log names the export and the erasure of this card.
    await page.goto(`${s.baseUrl}/v2/card/protokoll?objekt=${id}`);
    await page.getByRole('cell', { name: 'Gelöscht nach Art. 17' }).waitFor();
    await expect(page.getByRole('cell', { name: 'Datenexport (Art. 15)' }).count()).resolves.toBe(1);
    expect(await page.locator('main').innerText()).not.toContain('Weiß');
  }, 120_000);

  test('an admin exports and erases a legacy person from its edit page; afterwards nothing of it can be fetched', async () => {
    const admin = await s.adminToken();
    const company = await s.call('vcardCompanyCreate', { token: admin, body: vcardCompanyBody('Altlast') });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    const photo = await uploadImage(s, admin, company.body.id);
    const person = await s.call('vcardPersonCreate', { token: admin, body: vcardPersonBody(company.body.id, 'x', { firstname: 'Erika', lastname: 'Altmann', image: photo }) });
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    const id = person.body.id as string;

    // What a visitor can fetch before (old QR codes point at /c/<id>): the page with its photo, the vCard.
    const visitor = await openPage(PHONE);
    await openCard(visitor.page, s.baseUrl, id);
    await visitor.page.getByRole('heading', { name: /Erika Altmann/ }).first().waitFor();
    const photoUrls = (await visitor.page.evaluate(() => [...document.images].map((i) => i.currentSrc || i.src))).filter((u) => u.includes(photo.split('.')[0]!));
    expect(photoUrls.length).toBeGreaterThan(0);
    const urls = [`/api/card/${id}`, `/api/card/${id}/vcard`, ...photoUrls.map((u) => new URL(u).pathname + new URL(u).search)];
    for (const url of urls) expect((await visitor.page.request.get(s.baseUrl + url)).status(), url).toBe(200);
    await visitor.close();

    // The admin's legacy person form: the same section, texts and dialog as the card form.
    const { page } = await openPage();
    await openSignedIn(page, s.baseUrl, admin, `/vcard/person/edit/${id}`);
    await page.getByRole('heading', { name: 'Datenschutz (DSGVO)' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Daten exportieren (Art. 15)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^auskunft-erika-altmann-.*\.zip$/);

    await page.getByRole('button', { name: 'Endgültig löschen (Art. 17)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Endgültig löschen (Art. 17)' });
    await dialog.waitFor();
    await expect(dialog.getByText(/alle Daten von „Erika Altmann“ endgültig löschen/).isVisible()).resolves.toBe(true);
    const confirm = dialog.getByRole('button', { name: 'Endgültig löschen (Art. 17)' });
    await dialog.getByLabel(/ID der Karte/).fill('falsch');
    await expect(confirm.isDisabled()).resolves.toBe(true);
    await dialog.getByLabel(/ID der Karte/).fill(id);
    await confirm.click();
    await page.getByText('Alle Daten der Karte wurden gelöscht.').first().waitFor();
    // Back to the legacy company's persons, without the erased one.
    await page.waitForURL(`**/vcard/person?companyId=${company.body.id}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.locator('main').innerText()).not.toContain('Altmann');

    const after = await openPage(PHONE);
    for (const url of urls) {
      const res = await after.page.request.get(s.baseUrl + url);
      expect(res.status(), url).toBe(404);
      expect(await res.text(), url).not.toContain('Altmann');
    }
    await openCard(after.page, s.baseUrl, id);
    await after.page.getByText('Karte nicht gefunden').first().waitFor();
    expect(await after.page.content()).not.toContain('Erika');
    for (const path of [`/api/vcard/person/${id}`, `/api/vcard/person/${id}/dsgvo-export`, `/api/vcard/${id}`]) {
      const res = await after.page.request.get(s.baseUrl + path, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status(), path).toBe(404);
    }
  }, 120_000);

  test('profile and card forms warn while the profile has no Impressum or Datenschutz', async () => {
    const profile = await createProfile(s, t.company.id, { ...fullProfile(files.logo), impressum: '', datenschutz: '' });
    const id = await createCard(s, t, profile);
    const { page } = await openPage();
    await openSignedIn(page, s.baseUrl, t.user.token, `/v2/card/visitenkarte/edit/${id}`);
    const warning = page.getByTestId('legal-links-warning');
    await warning.waitFor();
    await expect(warning.innerText()).resolves.toContain('Impressum und Datenschutzerklärung fehlen');
    await page.goto(`${s.baseUrl}/v2/card/profil/edit/${profile.id}`);
    await page.getByTestId('legal-links-warning').waitFor();
    await page.getByLabel('Impressum').fill('https://weiss-soehne.example/impressum');
    await expect(page.getByTestId('legal-links-warning').innerText()).resolves.toContain('Die Datenschutzerklärung fehlt');
    await page.getByLabel('Datenschutz').fill('https://weiss-soehne.example/datenschutz');
    await expect(page.getByTestId('legal-links-warning').count()).resolves.toBe(0);
  }, 60_000);
});
