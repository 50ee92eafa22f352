import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, startTestServer, uniqueName } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createCompany } from '../helpers/card-fixtures.ts';
import { startTestProvider } from '../helpers/oidc-provider.ts';
import type { TestProvider } from '../helpers/oidc-provider.ts';

// Issue 26: a company user signs in through the company's own OpenID Provider (oidc-provider,
// started here on this machine), in Chromium, from the login page to the cards.

let s: TestServer;
let idp: TestProvider;
let company: { id: string; org: string };
const domain = `${uniqueName('sso')}.example`;

beforeAll(async () => {
  s = await startTestServer();
  idp = await startTestProvider({ redirectUri: `${s.baseUrl}/anmelden/firmenkonto` });
  company = await createCompany(s);
});
afterAll(async () => { await closeBrowser(); await idp?.close(); await s?.close(); });

async function passwordSignIn(page: Page, username: string, password: string) {
  await page.goto(`${s.baseUrl}/`);
  await page.getByLabel('Benutzername').fill(username);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Absenden' }).click();
}

describe('company sign-in in the browser', () => {
  test('an admin sets up the provider; a new company user signs in through it and lands on the cards', { timeout: 90_000 }, async () => {
    const admin = await openPage();
    await passwordSignIn(admin.page, ADMIN.username, ADMIN.password);
    await admin.page.waitForURL('**/v2/card/visitenkarte');
    await admin.page.goto(`${s.baseUrl}/v2/admin/company/edit/${company.id}`);
    await admin.page.getByRole('link', { name: 'Anmeldung mit Firmenkonto (OpenID Connect)' }).click();
    await admin.page.waitForURL(`**/v2/admin/company/edit/${company.id}/firmenkonto`);
    await expect(admin.page.getByTestId('redirect-uri').textContent()).resolves.toBe(`${s.baseUrl}/anmelden/firmenkonto`);
    await admin.page.getByLabel('Aussteller-URL (Issuer)').fill(idp.issuer);
    await admin.page.getByLabel('Client-ID').fill(idp.clientId);
    await admin.page.getByLabel('Client-Geheimnis').fill(idp.clientSecret);
    await admin.page.getByLabel('Erlaubte E-Mail-Domains').fill(domain);
    await admin.page.getByRole('button', { name: 'Speichern' }).click();
    await admin.page.getByRole('status').filter({ hasText: 'Die Anmeldung mit Firmenkonto wurde gespeichert.' }).waitFor();
    // Shown again without the secret, only that one is kept.
    await admin.page.reload();
    await expect(admin.page.getByLabel('Client-Geheimnis').inputValue()).resolves.toBe('');
    await admin.page.getByText('Ein Client-Geheimnis ist gespeichert. Leer lassen, um es zu behalten.').waitFor();
    expect(await admin.page.content()).not.toContain(idp.clientSecret);
    await admin.close();

    const email = `max.${uniqueName('m')}@${domain}`;
    idp.names.set(email, { given: 'Max', family: 'Firmenkonto' });
    const user = await openPage();
    await user.page.goto(`${s.baseUrl}/`);
    await user.page.getByRole('button', { name: 'Mit Firmenkonto anmelden' }).click();
    await user.page.getByLabel('Geschäftliche E-Mail-Adresse').fill(email);
    await user.page.getByRole('button', { name: 'Weiter zum Firmenkonto' }).click();
    // The provider's own sign-in page (its development screen: any password), the address prefilled.
    await user.page.waitForURL(`${idp.issuer}/**`, { waitUntil: 'domcontentloaded' });
    await expect(user.page.locator('input[name=login]').inputValue()).resolves.toBe(email);
    await user.page.locator('input[name=password]').fill('beliebig');
    await user.page.getByRole('button', { name: 'Sign-in' }).click();
    await user.page.waitForURL('**/v2/card/visitenkarte');
    await user.page.getByRole('status').filter({ hasText: 'Sie haben sich erfolgreich eingeloggt' }).waitFor();
    const stored = JSON.parse((await user.page.evaluate(() => localStorage.getItem('user')))!);
    expect(stored).toMatchObject({ username: email, email, firstname: 'Max', lastname: 'Firmenkonto', companyIds: [company.id] });
    // The code left the address bar.
    expect(user.page.url()).not.toContain('code=');
    await user.close();
  });

  test('going back to the return page with the used code does not sign in again; a provider error is said in German', { timeout: 60_000 }, async () => {
    const { page, close } = await openPage();
    await page.goto(`${s.baseUrl}/anmelden/firmenkonto?code=alt&state=alt`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Diese Anmeldung wurde in einem anderen Browserfenster begonnen. Bitte starten Sie sie hier erneut.');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto(`${s.baseUrl}/anmelden/firmenkonto?error=access_denied&error_description=Zugriff%20verweigert`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Der Anmeldedienst Ihres Unternehmens meldet: Zugriff verweigert');
    await page.getByRole('link', { name: 'Login' }).click();
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await close();
  });

  test('an unknown domain is told to use the password', async () => {
    const { page, close } = await openPage();
    await page.goto(`${s.baseUrl}/`);
    await page.getByRole('button', { name: 'Mit Firmenkonto anmelden' }).click();
    await page.getByLabel('Geschäftliche E-Mail-Adresse').fill('jemand@nirgendwo.example');
    await page.getByRole('button', { name: 'Weiter zum Firmenkonto' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/keine Anmeldung mit Firmenkonto eingerichtet/);
    await close();
  });
});

describe('directory sync in the back office', () => {
  test('a company user creates a token (shown once); a card the directory creates is marked and its directory fields are read-only', { timeout: 90_000 }, async () => {
    const { createProfile, createUserToken } = await import('../helpers/card-fixtures.ts');
    const own = await createCompany(s);
    const profile = await createProfile(s, own.id);
    const user = await createUserToken(s);
    await s.call('companyUpdate', { token: await s.adminToken(), params: { id: own.id }, body: { userIds: [user.id] } });

    const { page, close } = await openPage();
    await passwordSignIn(page, user.username, user.password);
    await page.waitForURL('**/v2/card/visitenkarte');
    await page.goto(`${s.baseUrl}/v2/card/company`);
    await page.getByRole('link', { name: 'Verzeichnis-Synchronisation (SCIM)' }).click();
    await page.waitForURL('**/v2/card/company/verzeichnis');
    await expect(page.getByTestId('scim-base-url').textContent()).resolves.toBe(`${s.baseUrl}/api/scim/v2`);
    await page.getByLabel('Profil für neue Karten').selectOption(profile.id);
    await page.getByRole('button', { name: 'Einstellungen speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'Die Einstellungen der Verzeichnis-Synchronisation wurden gespeichert.' }).waitFor();
    await page.getByLabel('Bezeichnung (z. B. „Entra ID“)').fill('Entra ID');
    await page.getByRole('button', { name: 'Neuen Token erstellen' }).click();
    const token = (await page.getByTestId('scim-new-token').textContent())!;
    expect(token).toMatch(/^vkscim_/);
    await page.getByText('Entra ID', { exact: false }).first().waitFor();
    // Shown once: after a reload only its name is listed.
    await page.reload();
    await page.getByRole('button', { name: 'Entra ID Widerrufen' }).waitFor();
    expect(await page.content()).not.toContain(token);

    // The directory creates a card with that token.
    const res = await fetch(`${s.baseUrl}/api/scim/v2/Users`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
      body: JSON.stringify({ schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: `dir.${uniqueName('u')}@firma.example`, name: { givenName: 'Dora', familyName: 'Directory' }, title: 'Einkauf', emails: [{ type: 'work', value: 'dora@firma.example', primary: true }] }),
    });
    expect(res.status).toBe(201);
    const { id } = await res.json() as { id: string };

    await page.goto(`${s.baseUrl}/v2/card/visitenkarte`);
    const row = page.getByRole('row').filter({ hasText: 'Directory' });
    await row.getByText('über Verzeichnis synchronisiert').waitFor();
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/edit/${id}`);
    await page.getByTestId('directory-synced').waitFor();
    await expect(page.getByLabel('Vorname').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.getByLabel('Position').inputValue()).resolves.toBe('Einkauf');
    await expect(page.getByRole('checkbox', { name: 'Aktiv' }).isDisabled()).resolves.toBe(true);
    // What the back office owns still saves.
    await page.getByLabel('Webseite').fill('https://firma.example');
    await page.getByRole('button', { name: 'Speichern' }).click();
    await page.getByRole('status').filter({ hasText: 'gespeichert' }).first().waitFor();
    await close();
  });
});
