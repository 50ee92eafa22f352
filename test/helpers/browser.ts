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

/** A fresh context (own local storage) with one page at the given viewport. */
export async function openPage(o: { width?: number; height?: number } = {}): Promise<BrowserSession> {
  const context = await (await browser()).newContext({ viewport: { width: o.width ?? 1280, height: o.height ?? 800 }, locale: 'de-DE' });
  const page = await context.newPage();
  return { context, page, close: () => context.close() };
}

export async function closeBrowser(): Promise<void> {
  await shared?.close();
  shared = undefined;
}
