import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('SPA in Chromium', () => {
  test('loads / and shows the login card', async () => {
    const { page, close } = await openPage();
    await page.goto(`${s.baseUrl}/`);
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    expect(await page.getByRole('button', { name: 'Absenden' }).isEnabled()).toBe(true);
    await close();
  });

  test('an unknown path shows "Nicht gefunden"', async () => {
    const { page, close } = await openPage();
    await page.goto(`${s.baseUrl}/gibt/es/nicht`);
    await page.getByRole('heading', { name: 'Nicht gefunden' }).waitFor();
    expect(await page.getByRole('button', { name: 'Absenden' }).count()).toBe(0);
    await close();
  });
});
