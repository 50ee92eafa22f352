import { onTestFinished } from 'vitest';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// Debian's Chromium, with the flags this closed network needs (no background connections).
const FLAGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--disable-dev-shm-usage',
];

export interface BrowserSession {
  context: BrowserContext;
  page: Page;
  /** Content-Security-Policy violations seen so far (directive and blocked resource). */
  cspViolations(): readonly string[];
  /** Closes the context; fails when the page broke the CSP (the whole suite runs under the production CSP). */
  close(): Promise<void>;
}

let shared: Browser | undefined;

async function browser(): Promise<Browser> {
  shared ??= await chromium.launch({
    executablePath: CHROMIUM,
    // launch() gives every browser a fresh, empty profile directory of its own.
    args: FLAGS,
    headless: true,
  });
  return shared;
}

function cspFailure(violations: readonly string[]): Error {
  return new Error(`Content-Security-Policy verletzt (shared/security-headers.ts):\n${violations.join('\n')}`);
}

/**
 * A fresh context (own local storage) with one page at the given viewport (and pixel density). Every CSP violation
 * (the page's securitypolicyviolation event, or Chromium's console report) fails the test.
 */
export async function openPage(o: { width?: number; height?: number; deviceScaleFactor?: number; locale?: string } = {}): Promise<BrowserSession> {
  const context = await (await browser()).newContext({
    viewport: { width: o.width ?? 1280, height: o.height ?? 800 }, locale: o.locale ?? 'de-DE', ...(o.deviceScaleFactor ? { deviceScaleFactor: o.deviceScaleFactor } : {}),
  });
  const violations: string[] = [];
  await context.exposeBinding('__reportCspViolation', (_source, text: string) => { violations.push(text); });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} in ${e.documentURI}`);
    });
  });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  let checked = false;
  const check = () => {
    if (checked) return;
    checked = true;
    if (violations.length) throw cspFailure(violations);
  };
  try {
    onTestFinished(async () => { await context.close(); check(); });
  } catch {
    // Opened outside a test (beforeAll): the caller's close() does the check.
  }
  return {
    context,
    page,
    cspViolations: () => violations,
    close: async () => { await context.close(); check(); },
  };
}

export async function closeBrowser(): Promise<void> {
  await shared?.close();
  shared = undefined;
}

/** Signs in through the login form, as a user would, and waits for the card overview. */
export async function signInAs(page: Page, baseUrl: string, user: { username: string; password: string }): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await fillLogin(page, user);
  await page.waitForURL('**/v2/card/visitenkarte');
}

/** Chooses one action of a list row: opens the row's menu ('Aktionen für <row>') and picks the item. */
export async function rowAction(page: Page, row: string, action: string | RegExp): Promise<void> {
  await page.getByRole('button', { name: `Aktionen für ${row}`, exact: true }).click();
  await page.getByRole('menu', { name: `Aktionen für ${row}` }).getByRole('menuitem', { name: action }).click();
}

/** Signed in by token (the login form has tests of its own), then at `path`. */
export async function openSignedIn(page: Page, baseUrl: string, token: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}/`);
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  await page.goto(`${baseUrl}${path}`);
}

/** Fills and sends the login form of the page shown. */
export async function fillLogin(page: Page, user: { username: string; password: string }): Promise<void> {
  await page.getByLabel('Benutzername').fill(user.username);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Absenden' }).click();
}
