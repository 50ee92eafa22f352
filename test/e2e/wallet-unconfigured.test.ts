import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { createCard, fullProfile } from './public-card-fixtures.ts';

// Without wallet configuration the wallet page says what is missing instead of offering buttons.
for (const name of ['APPLE_PASS_TYPE_ID', 'APPLE_TEAM_ID', 'APPLE_PASS_CERT_FILE', 'APPLE_PASS_KEY_FILE', 'APPLE_WWDR_CERT_FILE',
  'GOOGLE_WALLET_ISSUER_ID', 'GOOGLE_WALLET_KEY_FILE', 'WALLET_CONFIG_SECRET_ARN']) delete process.env[name];

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); }, 60_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('wallet page without configuration', () => {
  test('names the missing settings for Apple and Google; no button', async () => {
    const t = await createTenant(s);
    const profile = await createProfile(s, t.company.id, fullProfile(''));
    const id = await createCard(s, t, profile);
    const { page } = await openPage();
    await page.goto(`${s.baseUrl}/`);
    await page.getByLabel('Benutzername').fill(t.user.username);
    await page.getByLabel('Passwort').fill(t.user.password);
    await page.getByRole('button', { name: 'Absenden' }).click();
    await page.waitForURL('**/v2/card/visitenkarte');
    await page.goto(`${s.baseUrl}/card/wallet/${id}`);
    await page.getByRole('heading', { name: 'Wallet: Jürgen Weiß' }).waitFor();
    const notes = await page.getByRole('note').allInnerTexts();
    expect(notes).toEqual([
      'Apple Wallet ist auf diesem Server nicht eingerichtet. Es fehlt: APPLE_PASS_TYPE_ID, APPLE_TEAM_ID, APPLE_PASS_CERT_FILE, APPLE_PASS_KEY_FILE, APPLE_WWDR_CERT_FILE',
      'Google Wallet ist auf diesem Server nicht eingerichtet. Es fehlt: GOOGLE_WALLET_ISSUER_ID, GOOGLE_WALLET_KEY_FILE',
    ]);
    await expect(page.getByRole('button', { name: /Wallet hinzufügen/ }).count()).resolves.toBe(0);
  });
});
