import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createProfile } from '../helpers/card-fixtures.ts';
import { themeNames } from '../../shared/card/themes.ts';
import { contrastRatio } from '../../shared/card/contrast.ts';
import { CARD_ROOT_CLASS } from '../../shared/card/root.ts';
import { axeViolations, createCard, fullProfile, openCard, PHONE, tenantWithImages, themedCard } from './public-card-fixtures.ts';
import type { Tenant } from './public-card-fixtures.ts';

// The public card page /c/:id on a phone-sized Chromium, in every theme.

let s: TestServer;
let t: Tenant;
let files: { photo: string; logo: string };
/** One card per theme, all with photo, logo and colours that are unreadable as chosen (white on yellow). */
const byTheme = new Map<string, string>();
const hardColours = { person: { background: '#f5d90a', color: '#ffffff' }, kontakt: { fill: '#ffffff' }, logo: { useColor: false, color: '#ffffff' } };

beforeAll(async () => {
  s = await startTestServer();
  ({ t, files } = await tenantWithImages(s));
  for (const theme of themeNames) byTheme.set(theme, await themedCard(s, t, files, theme, hardColours));
}, 120_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

/** Relative luminance contrast of the computed text colour against the nearest opaque background. */
async function textContrast(page: Page, selector: string): Promise<number> {
  const [fg, bg] = await page.locator(selector).first().evaluate((el) => {
    const hex = (c: string) => {
      const m = c.match(/\d+(\.\d+)?/g)!.map(Number);
      return { hex: `#${m.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`, alpha: m[3] ?? 1 };
    };
    let bgEl: Element | null = el;
    let bg = 'rgb(255, 255, 255)';
    while (bgEl) {
      const b = getComputedStyle(bgEl).backgroundColor;
      if (hex(b).alpha === 1) { bg = b; break; }
      bgEl = bgEl.parentElement;
    }
    return [hex(getComputedStyle(el).color).hex, hex(bg).hex];
  });
  return contrastRatio(fg!, bg!);
}

describe('the public card page', () => {
  test('title, buttons, legal links; no cookies, no other host, no back-office code', async () => {
    const id = byTheme.get('the-vcard')!;
    const { page, context } = await openPage(PHONE);
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await openCard(page, s.baseUrl, id);
    await expect(page.title()).resolves.toBe('Weiß & Söhne GmbH Jürgen Weiß');
    await page.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
    const href = (name: string) => page.getByRole('link', { name, exact: true }).first().getAttribute('href');
    await expect(href('Anrufen')).resolves.toBe('tel:+49301234567');
    await expect(href('Schreiben')).resolves.toBe('mailto:juergen@weiss-soehne.example');
    await expect(href('Webseite')).resolves.toBe('https://weiss-soehne.example');
    await expect(href('Kontakt speichern')).resolves.toBe(`/api/card/${id}/vcard`);
    await expect(href('Impressum')).resolves.toBe('https://weiss-soehne.example/impressum');
    await expect(href('Datenschutz')).resolves.toBe('https://weiss-soehne.example/datenschutz');
    await page.getByText('USt-IdNr.: DE123456789').waitFor();
    // Photo and logo come from the stored width variants, never the original upload: the <img>
    // names the original's format, Chromium takes the AVIF <source> before it.
    const photo = page.getByRole('img', { name: 'Foto von Jürgen Weiß' });
    await expect(photo.getAttribute('srcset')).resolves.toMatch(/\.w320\.png 320w/);
    await expect(photo.evaluate((i: HTMLImageElement) => i.currentSrc)).resolves.toMatch(/\.w\d+\.avif$/);
    await expect(photo.evaluate((i: HTMLImageElement) => i.naturalWidth)).resolves.toBeGreaterThan(0);
    await expect(context.cookies()).resolves.toEqual([]);
    expect(requests.filter((u) => !u.startsWith(s.baseUrl))).toEqual([]);
    expect(requests.some((u) => /\/assets\/(?!card\/)/.test(u)), 'no back-office asset').toBe(false);
    // The vCard link answers a vCard.
    const vcard = await page.request.get(`${s.baseUrl}/api/card/${id}/vcard`);
    expect(vcard.status()).toBe(200);
    expect(vcard.headers()['content-type']).toMatch(/^text\/vcard/);
  });

  test('renders nothing until the card is loaded', async () => {
    const { page } = await openPage(PHONE);
    let release!: () => void;
    const held = new Promise<void>((ok) => { release = ok; });
    await page.route('**/api/card/*', async (route) => { await held; await route.continue(); });
    await page.goto(`${s.baseUrl}/c/${byTheme.get('the-vcard')}`);
    await page.waitForFunction(() => document.querySelector('script[type=module]') !== null);
    await expect(page.locator('#root').innerHTML()).resolves.toBe('');
    await expect(page.locator('body').innerText()).resolves.toBe('');
    release();
    await page.locator('.vc-card').waitFor();
  });

  test("unknown card: 'Karte nicht gefunden'; a failure: 'Karte konnte nicht geladen werden' and a retry that works", async () => {
    const { page } = await openPage(PHONE);
    await page.goto(`${s.baseUrl}/c/gibt-es-nicht`);
    await page.getByRole('heading', { name: 'Karte nicht gefunden' }).waitFor();
    await expect(page.title()).resolves.toBe('Karte nicht gefunden');

    let fail = true;
    await page.route('**/api/card/*', (route) => (fail ? route.fulfill({ status: 503, body: '{"message":"x"}', contentType: 'application/json' }) : route.continue()));
    await page.goto(`${s.baseUrl}/c/${byTheme.get('the-vcard')}`);
    await page.getByRole('heading', { name: 'Karte konnte nicht geladen werden' }).waitFor();
    fail = false;
    await page.getByRole('button', { name: 'Erneut versuchen' }).click();
    await page.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
  });

  test('every theme renders with the spec\'s buttons, and no two render identically', async () => {
    const { page } = await openPage(PHONE);
    const shots = new Map<string, string>();
    for (const theme of themeNames) {
      await openCard(page, s.baseUrl, byTheme.get(theme)!);
      await page.locator(`article.th-${theme}`).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
      // The spec's buttons in every theme.
      const english = theme === 'the-vcard-en';
      for (const name of english ? ['Call', 'Email', 'Website', 'Save contact', 'Legal notice', 'Privacy policy'] : ['Anrufen', 'Schreiben', 'Webseite', 'Kontakt speichern', 'Impressum', 'Datenschutz']) {
        await expect(page.getByRole('link', { name, exact: true }).count(), `${theme}: ${name}`).resolves.toBeGreaterThan(0);
      }
      const png = await page.screenshot({ fullPage: true });
      shots.set(theme, createHash('sha256').update(png).digest('hex'));
    }
    const seen = new Map<string, string>();
    const same: string[] = [];
    for (const [theme, hash] of shots) {
      if (seen.has(hash)) same.push(`${seen.get(hash)} = ${theme}`);
      seen.set(hash, theme);
    }
    expect(same).toEqual([]);
    expect(shots.size).toBeGreaterThanOrEqual(20);
  }, 60_000);

  test('the-vcard-en labels the card in English; an unknown theme falls back to the default', async () => {
    const { page } = await openPage(PHONE);
    await openCard(page, s.baseUrl, byTheme.get('the-vcard-en')!);
    await page.getByRole('link', { name: 'Save contact' }).waitFor();
    await page.getByRole('link', { name: 'Legal notice' }).waitFor();
    await expect(page.locator('article').getAttribute('lang')).resolves.toBe('en');

    const id = await themedCard(s, t, files, 'gibt-es-nicht');
    await openCard(page, s.baseUrl, id);
    await page.locator('article.th-the-vcard').waitFor();
    await page.getByRole('link', { name: 'Kontakt speichern' }).waitFor();
  });

  test('colours a company chose unreadably (white on yellow, near-black on black) are made readable', async () => {
    const { page } = await openPage(PHONE);
    await openCard(page, s.baseUrl, byTheme.get('the-vcard')!);
    expect(await textContrast(page, '.vc-name')).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(page, '.vc-save span')).toBeGreaterThanOrEqual(4.5);
    const dark = await themedCard(s, t, files, 'the-vcard-v2', { person: { background: '#111111', color: '#222222' }, kontakt: { fill: '#111111' } });
    await openCard(page, s.baseUrl, dark);
    expect(await textContrast(page, '.vc-save span')).toBeGreaterThanOrEqual(4.5);
    expect(await textContrast(page, '.vc-position')).toBeGreaterThanOrEqual(4.5);
  });

  test('axe-core finds no violation in any theme', async () => {
    // Three pages side by side, each taking every third theme.
    const found: string[] = [];
    await Promise.all([0, 1, 2].map(async (lane) => {
      const { page } = await openPage(PHONE);
      for (const theme of themeNames.filter((_, i) => i % 3 === lane)) {
        await openCard(page, s.baseUrl, byTheme.get(theme)!);
        for (const v of await axeViolations(page)) found.push(`${theme}: ${v.id} (${v.help}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      }
    }));
    expect(found).toEqual([]);
  // 22 themes in three lanes, each loaded with its images and checked.
  }, 60_000);
});

describe('hostile content', () => {
  const payload = (field: string) => `<img src=x onerror="window.__xss='${field}'"><script>window.__xss='${field}'</script>"'&`;

  test('an HTML/script payload in every text field is shown as text and never run, in every theme', async () => {
    const { page } = await openPage(PHONE);
    const dialogs: string[] = [];
    page.on('dialog', (d) => { dialogs.push(d.message()); void d.dismiss(); });
    // The stored card as the API would answer it if every field held markup (the API's own checks aside).
    const card = {
      id: 'xss', lang: 'de', org: payload('org'),
      person: {
        firstname: payload('firstname'), lastname: payload('lastname'), nice: payload('nice'), position: payload('position'),
        firmenname: payload('firmenname'), org: payload('person.org'), url: 'javascript:window.__xss="url"', color: 'red;background:url(x)',
        adresseId: 'a1', image: '"><img src=x onerror=alert(1)>',
        tel: [{ type: 'work', value: payload('tel') }], email: [{ type: 'work1', value: payload('email') }],
        social: [{ type: 'xing', link: 'javascript:alert(1)' }, { type: 'linkedin', link: payload('social') }],
      },
      profile: {
        firmenname: payload('profile.firmenname'), claim: payload('claim'), url: payload('profile.url'),
        impressum: 'javascript:alert(1)', datenschutz: payload('datenschutz'),
        umsatzsteuernummer: payload('ust'), handelsgericht: payload('hr'),
        adressen: [{ adresseId: 'a1', straße: payload('straße'), plz: payload('plz'), ort: payload('ort'), bundesland: payload('bl'), land: payload('land') }],
        settings: { theme: 'the-vcard', logo: { top: 0, right: null, left: null, height: 70, useColor: false, color: '#fff' }, person: { background: '#000', color: '#fff' }, kontakt: { fill: '#fff' }, display: { showStrasse: true, showPLZ: true }, applePass: { backgroundColor: '#fff', fontColor: '#000' }, customCss: null },
      },
    };
    for (const theme of themeNames) {
      card.profile.settings.theme = theme;
      await page.unrouteAll();
      await page.route('**/api/card/xss', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(card) }));
      await page.goto(`${s.baseUrl}/c/xss`);
      await page.locator(`article.th-${theme}`).waitFor();
      const text = await page.locator('article').evaluate((a) => a.textContent ?? '');
      for (const field of ['firstname', 'lastname', 'position', 'claim', 'ort']) expect(text, `${theme} ${field}`).toContain(`<script>window.__xss='${field}'</script>`);
      await expect(page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).resolves.toBeUndefined();
      await expect(page.locator('article script, article img[src="x"]').count()).resolves.toBe(0);
      // No unsafe link made it onto the page.
      const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
      expect(hrefs.filter((h) => !/^(https?:|tel:|mailto:|\/api\/card\/)/.test(h)), theme).toEqual([]);
    }
    expect(dialogs).toEqual([]);
  });

  test('issue 19: the reported customCss payloads, saved through the API, never change the public card', async () => {
    const other = await createCard(s, t, await createProfile(s, t.company.id, fullProfile(files.logo)));
    const profile = await createProfile(s, t.company.id, fullProfile(files.logo, { settings: { customCss: '.vc-name { color: rgb(1, 2, 3); }' } }));
    const id = await createCard(s, t, profile);
    const payloads = [
      '.name{content:"\n} html body{background:url(https://evil.example/x.png) red} main::before{content:"HACKED"}\n.vk-card-root{display:none} .zz{content:"\n}',
      '@layer x "\n; @import url(https://evil.example/x.css); @layer y "\n;',
      Array.from({ length: 30 }, (_, i) => `.s${i} { background: url(/api/card/${other}/vcard?${i}) }`).join('\n'),
    ];
    const { page } = await openPage(PHONE);
    for (const css of payloads) {
      const current = await s.call('profileGet', { params: { id: profile.id }, token: t.user.token });
      const res = await s.call('profileUpdate', { params: { id: profile.id }, token: t.user.token, body: { ...fullProfile(files.logo), profilname: current.body.profilname, settings: { customCss: css }, version: current.body.version } });
      expect(res.status, css).toBe(400);
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      await openCard(page, s.baseUrl, id);
      await page.getByRole('heading', { level: 1, name: 'Jürgen Weiß' }).waitFor();
      const seen = await page.evaluate((rootClass) => ({
        text: document.body.innerText,
        before: getComputedStyle(document.querySelector('main')!, '::before').content,
        body: getComputedStyle(document.body).backgroundColor,
        card: getComputedStyle(document.querySelector(`.${rootClass}`)!).display,
      }), CARD_ROOT_CLASS);
      expect(seen.text).not.toContain('HACKED');
      expect(seen.before).toBe('none');
      expect(seen.body).toBe('rgb(238, 241, 245)');
      expect(seen.card).not.toBe('none');
      // The stored, valid CSS still applies.
      await expect(page.locator('.vc-name').evaluate((e) => getComputedStyle(e).color)).resolves.toBe('rgb(1, 2, 3)');
      expect(requests.filter((u) => u.includes('evil.example') || u.includes(`/api/card/${other}/vcard`)), css).toEqual([]);
      page.removeAllListeners('request');
    }
  });

  test('customCss styles only the card: break-out attempts stay inside it or are refused', async () => {
    const profile = await createProfile(s, t.company.id, fullProfile(files.logo, {
      settings: {
        customCss: [
          '.vc-name { color: rgb(1, 2, 3) !important; }',
          'body, html, :root { background: rgb(255, 0, 0) !important; }',
          '* { outline: 7px solid rgb(0, 255, 0) !important; }',
          '.card-page ~ *, #root { border: 9px solid rgb(0, 0, 255) !important; }',
        ].join('\n'),
      },
    }));
    const id = await createCard(s, t, profile);
    const { page } = await openPage(PHONE);
    await openCard(page, s.baseUrl, id);
    // Inside the card: applied.
    await expect(page.locator('.vc-name').evaluate((e) => getComputedStyle(e).color)).resolves.toBe('rgb(1, 2, 3)');
    // Outside the card: nothing.
    const outside = await page.evaluate(() => ({
      body: getComputedStyle(document.body).backgroundColor,
      html: getComputedStyle(document.documentElement).backgroundColor,
      rootBorder: getComputedStyle(document.getElementById('root')!).borderTopWidth,
      mainOutline: getComputedStyle(document.querySelector('main')!).outlineStyle,
    }));
    expect(outside).toEqual({ body: 'rgb(238, 241, 245)', html: 'rgba(0, 0, 0, 0)', rootBorder: '0px', mainOutline: 'none' });
    await expect(page.locator(`.${CARD_ROOT_CLASS} > style`).count()).resolves.toBe(1);

    // Closing the style element, @import and foreign url() are refused when saving.
    for (const css of ['</style><script>alert(1)</script>', '@import url(https://evil.example/x.css);', '.a { background: url(https://evil.example/x.png); }']) {
      const res = await s.call('profileUpdate', { params: { id: profile.id }, token: t.user.token, body: { ...fullProfile(files.logo), companyId: t.company.id, profilname: 'P', settings: { customCss: css } } });
      expect(res.status, css).toBe(400);
      expect(res.body.fieldErrors?.['settings.customCss'], css).toBeTruthy();
    }

    // Even if markup reached the page, as the text of a style element it cannot end the element.
    const card = await (await page.request.get(`${s.baseUrl}/api/card/${id}`)).json();
    card.profile.settings.customCss = `.x { color: red; }</style><img src=x onerror="window.__css=1"><style>`;
    await page.route(`**/api/card/${id}`, (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(card) }));
    await openCard(page, s.baseUrl, id);
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await expect(page.evaluate(() => (window as unknown as { __css?: number }).__css)).resolves.toBeUndefined();
  });
});
