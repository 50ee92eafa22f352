import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createProfile } from '../helpers/card-fixtures.ts';
import { makeServiceAccount, makeTestChain, PASS_TYPE_ID, startFakeGoogle, TEAM_ID } from '../helpers/wallet-fakes.ts';
import type { FakeGoogle } from '../helpers/wallet-fakes.ts';
import { createCard, fullProfile, tenantWithImages } from './public-card-fixtures.ts';
import type { Tenant } from './public-card-fixtures.ts';

// The signed-in wallet screens with a configured wallet (throw-away chain, fake Google): the
// wallet page creates, then downloads or opens; the card overview's QR action; the previews.

let s: TestServer;
let t: Tenant;
let id: string;
let google: FakeGoogle;

beforeAll(async () => {
  const chain = makeTestChain();
  google = await startFakeGoogle();
  const sa = makeServiceAccount(chain.dir, google.tokenUrl);
  Object.assign(process.env, {
    APPLE_PASS_TYPE_ID: PASS_TYPE_ID, APPLE_TEAM_ID: TEAM_ID, APPLE_PASS_CERT_FILE: chain.files.signerCert,
    APPLE_PASS_KEY_FILE: chain.files.signerKey, APPLE_WWDR_CERT_FILE: chain.files.wwdr,
    GOOGLE_WALLET_ISSUER_ID: '3388000000033333333', GOOGLE_WALLET_KEY_FILE: sa.file, GOOGLE_WALLET_API_URL: google.apiUrl,
  });
  s = await startTestServer();
  let files: { photo: string; logo: string };
  ({ t, files } = await tenantWithImages(s));
  const profile = await createProfile(s, t.company.id, fullProfile(files.logo, { walletLogo: files.logo }));
  id = await createCard(s, t, profile, { imageWallet: files.photo });
}, 120_000);
afterAll(async () => { await closeBrowser(); await s.close(); await google.close(); });

async function signIn(page: Page) {
  await page.goto(`${s.baseUrl}/`);
  await page.getByLabel('Benutzername').fill(t.user.username);
  await page.getByLabel('Passwort').fill(t.user.password);
  await page.getByRole('button', { name: 'Absenden' }).click();
  await page.waitForURL('**/v2/card/visitenkarte');
}

describe('wallet screens (configured)', () => {
  test('Apple: created, then downloaded as pass.pkpass; Google: created, then the save link opens', async () => {
    const { page, context } = await openPage();
    // No internet in tests: Google's save page answers from here, so the opened window has somewhere to go.
    await context.route('https://pay.google.com/**', (r) => r.fulfill({ status: 200, contentType: 'text/html', body: '<title>Google Wallet</title>' }));
    await signIn(page);
    await page.goto(`${s.baseUrl}/card/wallet/${id}`);
    await page.getByRole('heading', { name: 'Wallet: Jürgen Weiß' }).waitFor();

    const creates: string[] = [];
    page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/wallet/')) creates.push(new URL(r.url()).pathname); });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Zu Apple Wallet hinzufügen' }).click()]);
    expect(download.suggestedFilename()).toBe('pass.pkpass');
    const bytes = readFileSync((await download.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(creates).toEqual([`/api/wallet/pkpass/${id}`]);

    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Zu Google Wallet hinzufügen' }).click()]);
    await popup.waitForURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    expect(creates).toEqual([`/api/wallet/pkpass/${id}`, `/api/wallet/googlecard/${id}`]);
    expect(google.objects.has(`3388000000033333333.${id}`)).toBe(true);
  });

  test('the card overview opens the QR wallet page with the server signature', async () => {
    const { page } = await openPage();
    await signIn(page);
    await page.getByRole('button', { name: 'Aktionen für Jürgen Weiß' }).click();
    // The item says that it opens a new tab (issue 24).
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('menuitem', { name: 'QR-Codes für die Wallet (neuer Tab)' }).click()]);
    await popup.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
    expect(new URL(popup.url()).pathname).toMatch(new RegExp(`^/qr/${id}/[A-Za-z0-9_-]{43}$`));
    await popup.getByRole('button', { name: 'Android' }).click();
    await popup.getByRole('img', { name: 'QR-Code für Android' }).waitFor();
  });

  test('the card form previews show the pass fields of the shared mapping', async () => {
    const { page } = await openPage();
    await signIn(page);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/edit/${id}`);
    await page.getByRole('tab', { name: 'apple' }).click();
    const apple = page.getByRole('figure', { name: 'Apple Wallet' });
    await apple.getByText('Jürgen Weiß').waitFor();
    for (const text of ['Geschäftsführer', 'Weiß & Söhne GmbH', '+49 30 1234567', 'juergen@weiss-soehne.example']) await apple.getByText(text, { exact: true }).first().waitFor();
    await page.getByRole('tab', { name: 'google' }).click();
    const googleCard = page.getByRole('figure', { name: 'Google Wallet' });
    await googleCard.getByText('Jürgen Weiß').waitFor();
    await googleCard.getByText('0171 2345678', { exact: true }).waitFor();
    await googleCard.getByText('Mobil', { exact: true }).waitFor();
  });
});
