import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createProfile } from '../helpers/card-fixtures.ts';
import { axeViolations, createCard, fullProfile, PHONE, tenantWithImages } from './public-card-fixtures.ts';
import type { Tenant } from './public-card-fixtures.ts';

// The public QR wallet page /qr/:id/:signature on a phone-sized Chromium.

let s: TestServer;
let t: Tenant;
let id: string;
let signature: string;

beforeAll(async () => {
  s = await startTestServer();
  let files: { photo: string; logo: string };
  ({ t, files } = await tenantWithImages(s));
  const profile = await createProfile(s, t.company.id, fullProfile(files.logo));
  id = await createCard(s, t, profile);
  const res = await s.call('walletSignature', { params: { userId: id }, token: t.user.token });
  expect(res.status).toBe(200);
  signature = res.body.signature;
}, 120_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('the QR wallet page', () => {
  test('names, no platform chosen, then Apple, switched to Android; footer links', async () => {
    const { page } = await openPage(PHONE);
    await page.goto(`${s.baseUrl}/qr/${id}/${signature}`);
    await page.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
    await expect(page.getByText('Weiß & Söhne GmbH', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByText('(wählen sie Ihr Betriebssystem)', { exact: true }).isVisible()).resolves.toBe(true);
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

  test("'Karte nicht gefunden' for a wrong signature, an unknown and an inactive card", async () => {
    const profile = await createProfile(s, t.company.id, fullProfile(''));
    const inactive = await createCard(s, t, profile, { isActive: false });
    const inactiveSig = (await s.call('walletSignature', { params: { userId: inactive }, token: t.user.token })).body.signature as string;
    const { page } = await openPage(PHONE);
    for (const path of [`/qr/${id}/${signature.slice(0, -2)}xx`, `/qr/unbekannt-123/${signature}`, `/qr/${inactive}/${inactiveSig}`]) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Karte nicht gefunden' }).waitFor();
      await expect(page.locator('.qrw').count()).resolves.toBe(0);
    }
  });
});
