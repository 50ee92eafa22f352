import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { TestServer } from '../helpers/server.ts';
import { createProfile, createTenant, uploadImage } from '../helpers/card-fixtures.ts';

// Cards for the public page's browser tests: made through the API as the back office would.

export const PHONE = { width: 390, height: 844 };

export type Tenant = Awaited<ReturnType<typeof createTenant>>;

export const fullProfile = (logo: string, extra: Record<string, unknown> = {}) => ({
  firmenname: 'Weiß & Söhne GmbH',
  claim: 'Seit 1920 in Berlin',
  logo,
  url: 'https://weiss-soehne.example',
  impressum: 'https://weiss-soehne.example/impressum',
  datenschutz: 'https://weiss-soehne.example/datenschutz',
  umsatzsteuernummer: 'DE123456789',
  handelsgericht: 'Amtsgericht Berlin HRB 1234',
  adressen: [{ straße: 'Hauptstraße 1', plz: '10115', ort: 'Berlin', land: 'Deutschland' }],
  ...extra,
});

export async function createCard(s: TestServer, t: Tenant, profile: { id: string; adressen: { adresseId: string }[] }, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await s.call('personCreate', { token: t.user.token,
    body: {
      companyProfilId: profile.id,
      adresseId: profile.adressen[0]?.adresseId,
      firstname: 'Jürgen',
      lastname: 'Weiß',
      position: 'Geschäftsführer',
      tel: [{ type: 'work', value: '+49 30 1234567' }, { type: 'cell', value: '0171 2345678' }],
      email: [{ type: 'work1', value: 'juergen@weiss-soehne.example' }],
      social: [{ type: 'xing', link: 'https://www.xing.com/profile/jw' }, { type: 'linkedin', link: 'https://www.linkedin.com/in/jw' }],
      ...extra,
    } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

/** A tenant with a photo and a logo uploaded, and a card on a profile in `theme` with `settings`. */
export async function themedCard(s: TestServer, t: Tenant, files: { photo: string; logo: string }, theme: string, settings: Record<string, unknown> = {}): Promise<string> {
  const profile = await createProfile(s, t.company.id, fullProfile(files.logo, { settings: { theme, ...settings } }));
  return createCard(s, t, profile, { image: files.photo });
}

export async function tenantWithImages(s: TestServer): Promise<{ t: Tenant; files: { photo: string; logo: string } }> {
  const t = await createTenant(s);
  const [photo, logo] = await Promise.all([uploadImage(s, t.user.token, t.company.id), uploadImage(s, t.user.token, t.company.id)]);
  return { t, files: { photo, logo } };
}

/** Opens `/c/:id` and waits for the card (or the message) to be drawn. */
export async function openCard(page: Page, baseUrl: string, id: string): Promise<void> {
  await page.goto(`${baseUrl}/c/${encodeURIComponent(id)}`);
  await page.locator('.vc-card, .card-page-message').first().waitFor();
  // Images (photo, logo) loaded, so screenshots and contrast checks see the final page.
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] }

/** axe-core in the page (through the debugging protocol, so the page's CSP stays as it is). */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: unknown): Promise<{ violations: AxeViolation[]; passes: unknown[] }> } }).axe;
    const r = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] } });
    if (r.passes.length === 0) throw new Error('axe-core checked nothing');
    return r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })) }));
  });
}
