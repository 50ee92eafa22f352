import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { createCard, fullProfile, PHONE } from './public-card-fixtures.ts';

// Without wallet configuration (issue 23): company users and visitors read a short German
// sentence and never a configuration name; admins see what is missing on Systemstatus.
for (const name of ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT_FILE', 'APPLE_PASS_KEY_FILE', 'APPLE_WWDR_CERT_FILE',
  'GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE', 'WALLET_CONFIG_SECRET_ARN']) delete process.env[name];

const CONFIG_NAMES = /APPLE_|GOOGLE_|_FILE|WALLET_|\{"message"/;

let s: TestServer;
let t: Awaited<ReturnType<typeof createTenant>>;
let id: string;
let signature: string;
beforeAll(async () => {
  s = await startTestServer();
  t = await createTenant(s);
  id = await createCard(s, t, await createProfile(s, t.company.id, fullProfile('')));
  signature = (await s.call('walletSignature', { params: { userId: id }, token: t.user.token })).body.signature as string;
}, 60_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('wallets not set up', () => {
  test('the wallet page tells a company user in a sentence, without configuration names; no button', async () => {
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, t.user);
    await page.goto(`${s.baseUrl}/card/wallet/${id}`);
    await page.getByRole('heading', { name: 'Wallet: Jürgen Weiß' }).waitFor();
    expect(await page.getByRole('note').allInnerTexts()).toEqual([
      'Apple Wallet ist auf diesem Server noch nicht eingerichtet.',
      'Google Wallet ist auf diesem Server noch nicht eingerichtet.',
    ]);
    await expect(page.getByRole('button', { name: /Wallet hinzufügen/ }).count()).resolves.toBe(0);
    expect(await page.locator('body').innerText()).not.toMatch(CONFIG_NAMES);
  });

  test('admins follow the note to Systemstatus, which names what is missing and shows no secret', async () => {
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, ADMIN);
    await page.goto(`${s.baseUrl}/card/wallet/${id}`);
    await page.getByRole('link', { name: 'Was fehlt, steht unter Systemstatus.' }).first().click();
    await page.getByRole('heading', { name: 'Systemstatus' }).waitFor();
    const row = (name: string) => page.getByRole('row', { name: new RegExp(`^${name}`) });
    await expect(row('Apple Wallet').innerText()).resolves.toContain('Nicht eingerichtet');
    await expect(row('Apple Wallet').innerText()).resolves.toContain('Es fehlt: APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE, APPLE_WWDR_CERT_FILE');
    await expect(row('Google Wallet').innerText()).resolves.toContain('Es fehlt: GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY_FILE');
    await expect(row('Öffentliche Adresse').innerText()).resolves.toContain(s.baseUrl);
    await expect(row('Alarm-E-Mail').innerText()).resolves.toContain('Nicht eingerichtet');
    // The sidebar links it for admins.
    await expect(page.getByRole('link', { name: 'Systemstatus' }).count()).resolves.toBeGreaterThan(0);
  });

  test('the QR page says so in a sentence, and the QR codes\' links lead there instead of raw JSON', async () => {
    const { page } = await openPage(PHONE);
    for (const path of [`/qr/${id}/${signature}`, `/api/wallet/pkpass/${id}/${signature}`, `/api/wallet/googlecard/${id}/${signature}`]) {
      await page.goto(`${s.baseUrl}${path}`);
      await page.getByText('Diese Karte gibt es im Moment nicht als Wallet-Karte. Sie können sie aber als Kontakt speichern.').waitFor();
      expect(page.url()).toBe(`${s.baseUrl}/qr/${id}/${signature}`);
      await expect(page.getByRole('button', { name: 'Apple' }).count()).resolves.toBe(0);
      await expect(page.getByRole('link', { name: 'Zur Visitenkarte' }).getAttribute('href')).resolves.toBe(`/c/${id}`);
      expect(await page.locator('body').innerText()).not.toMatch(CONFIG_NAMES);
    }
    // A broken link from a QR code: the designed not-found page, not a JSON body.
    await page.goto(`${s.baseUrl}/api/wallet/pkpass/${id}/${signature.slice(3)}`);
    await page.getByRole('heading', { level: 1, name: 'Karte nicht gefunden' }).waitFor();
    expect(await page.locator('body').innerText()).not.toMatch(CONFIG_NAMES);
  });
});
