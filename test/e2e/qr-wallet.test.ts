import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createProfile } from '../helpers/card-fixtures.ts';
import { configureTestWallets } from '../helpers/wallet-fakes.ts';
import { axeViolations, createCard, fullProfile, PHONE, tenantWithImages } from './public-card-fixtures.ts';
import type { Tenant } from './public-card-fixtures.ts';

// The public QR wallet page /qr/:id/:signature on a phone-sized Chromium, on a server with both
// wallets set up (a throw-away certificate chain and service account: the page only needs them present).

let s: TestServer;
let t: Tenant;
let id: string;
let signature: string;

beforeAll(async () => {
  configureTestWallets();
  s = await startTestServer();
  let files: { photo: string; logo: string };
  ({ t, files } = await tenantWithImages(s));
  const profile = await createProfile(s, t.company.id, fullProfile(files.logo, { settings: { person: { background: '#1a237e', color: '#ffffff' } } }));
  id = await createCard(s, t, profile);
  const res = await s.call('walletSignature', { params: { userId: id }, token: t.user.token });
  expect(res.status).toBe(200);
  signature = res.body.signature;
}, 120_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('the QR wallet page', () => {
  test('the company\'s logo and colour, names, no platform chosen, then Apple, switched to Android; footer links', async () => {
    const { page } = await openPage(PHONE);
    await page.goto(`${s.baseUrl}/qr/${id}/${signature}`);
    await page.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
    await expect(page.getByText('Weiß & Söhne GmbH', { exact: true }).isVisible()).resolves.toBe(true);
    // Issue 23: 'wählen Sie' (the spec writes 'wählen sie').
    await expect(page.getByText('(wählen Sie Ihr Betriebssystem)', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.locator('.qrw-head').evaluate((h) => getComputedStyle(h).backgroundColor)).resolves.toBe('rgb(26, 35, 126)');
    const logo = page.getByRole('img', { name: 'Logo Weiß & Söhne GmbH' });
    await expect(logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Zur Visitenkarte' }).getAttribute('href')).resolves.toBe(`/c/${id}`);
    // Nothing chosen yet: no code, no badge.
    await expect(page.locator('.qrw-code').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Apple' }).click();
    const appleQr = page.getByRole('img', { name: 'QR-Code für Apple' });
    await appleQr.waitFor();
    const apple = page.getByRole('link', { name: 'Zu Apple Wallet hinzufügen' });
    await expect(apple.getAttribute('href')).resolves.toBe(`${s.baseUrl}/api/wallet/pkpass/${id}/${signature}`);
    await expect(page.getByRole('button', { name: 'Apple' }).getAttribute('aria-pressed')).resolves.toBe('true');
    const appleSrc = await appleQr.getAttribute('src');
    expect(appleSrc).toMatch(/^data:image\/svg\+xml/);
    // The QR image actually decodes as an image of the intended size.
    await expect(appleQr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);

    await page.getByRole('button', { name: 'Android' }).click();
    const googleQr = page.getByRole('img', { name: 'QR-Code für Android' });
    await googleQr.waitFor();
    await expect(page.getByRole('link', { name: 'Zu Google Wallet hinzufügen' }).getAttribute('href'))
      .resolves.toBe(`${s.baseUrl}/api/wallet/googlecard/${id}/${signature}`);
    await expect(page.getByRole('link', { name: 'Zu Apple Wallet hinzufügen' }).count()).resolves.toBe(0);
    expect(await googleQr.getAttribute('src')).not.toBe(appleSrc);
    await expect(page.getByRole('button', { name: 'Apple' }).getAttribute('aria-pressed')).resolves.toBe('false');

    await expect(page.getByRole('link', { name: 'Impressum' }).getAttribute('href')).resolves.toBe('https://weiss-soehne.example/impressum');
    await expect(page.getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).resolves.toBe('https://weiss-soehne.example/datenschutz');
    expect(await axeViolations(page)).toEqual([]);
  });

  test('in English for an English browser', async () => {
    const { page } = await openPage({ ...PHONE, locale: 'en-US' });
    await page.goto(`${s.baseUrl}/qr/${id}/${signature}`);
    await page.getByText('(choose your operating system)', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Android' }).click();
    await page.getByRole('link', { name: 'Add to Google Wallet' }).waitFor();
    await expect(page.getByRole('link', { name: 'Privacy policy' }).count()).resolves.toBe(1);
    await expect(page.locator('main').getAttribute('lang')).resolves.toBe('en');
  });

  test("'Karte nicht gefunden' for a wrong signature, an unknown and an inactive card", async () => {
    const profile = await createProfile(s, t.company.id, fullProfile(''));
    const inactive = await createCard(s, t, profile, { isActive: false });
    const inactiveSig = (await s.call('walletSignature', { params: { userId: inactive }, token: t.user.token })).body.signature as string;
    const { page } = await openPage(PHONE);
    const texts: string[] = [];
    for (const path of [`/qr/${id}/${signature.slice(0, -2)}xx`, `/qr/unbekannt-123/${signature}`, `/qr/${inactive}/${inactiveSig}`]) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Karte nicht gefunden' }).waitFor();
      await expect(page.locator('.qrw').count()).resolves.toBe(0);
      texts.push(await page.locator('main').innerText());
    }
    // The same page for all three: nothing tells whether such a card exists.
    expect(new Set(texts).size).toBe(1);
    await page.getByRole('button', { name: 'Erneut versuchen' }).waitFor();
  });
});
