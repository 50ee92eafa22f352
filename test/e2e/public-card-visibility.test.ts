import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PNG } from 'pngjs';
import type { Page } from 'playwright-core';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { makeTransparentLogo } from '../helpers/images.ts';
import { themeNames, themeLanguage } from '../../shared/card/themes.ts';
import { AA_LARGE, AA_TEXT, contrastRatio } from '../../shared/card/contrast.ts';
import { createCard, fullProfile, PHONE } from './public-card-fixtures.ts';
import type { Tenant } from './public-card-fixtures.ts';

// Issue 23's "done when": every theme, with a light and a dark company colour and a transparent
// logo in that very colour, read in German and in English, shows no invisible logo, icon or text,
// never puts the logo on the photo, and nowhere a visitor can go shows a raw error.
//
// How "visible" is measured: the page is photographed once with all text, icons and logos made
// transparent, which leaves exactly what each of them is drawn on; each one's own colour is then
// held against the median of those pixels under its box (WCAG contrast: 4.5:1 for text, 3:1 for
// large text, icons and logos).

const COLOURS = { light: { hex: '#f5d90a', rgb: [245, 217, 10] }, dark: { hex: '#1a237e', rgb: [26, 35, 126] }, legacy: { hex: '#8d0a23', rgb: [141, 10, 35] } } as const;
type Shade = keyof typeof COLOURS;
const LANGS = { de: 'de-DE', en: 'en-US' } as const;

let s: TestServer;
let t: Tenant;
/** Card id per theme and colour. */
const cards = new Map<string, string>();

async function upload(token: string, companyId: string, data: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
  const res = await fetch(`${s.baseUrl}/api/upload/${companyId}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
  const body = (await res.json()) as { filename?: string };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.filename!;
}

/** A photo-like PNG: two halves in mid tones (a photo is never one flat colour). */
function photoPng(): Buffer {
  const png = new PNG({ width: 271, height: 200 });
  for (let i = 0; i < png.data.length; i += 4) {
    const x = (i / 4) % 271;
    png.data.set(x < 135 ? [120, 140, 160, 255] : [170, 120, 90, 255], i);
  }
  return PNG.sync.write(png);
}

beforeAll(async () => {
  s = await startTestServer();
  t = await createTenant(s);
  const photo = await upload(t.user.token, t.company.id, photoPng(), 'foto.png');
  const key = (theme: string, shade: Shade) => `${theme}/${shade}`;
  const jobs: Promise<void>[] = [];
  for (const shade of ['light', 'dark', 'legacy'] as Shade[]) {
    const c = COLOURS[shade];
    const logo = await upload(t.user.token, t.company.id, makeTransparentLogo(270, 200, [...c.rgb]), 'logo.png');
    // The legacy defaults: #8d0a23 as band and as icon fill (issue 23: icons vanished on their circles).
    const settings = shade === 'legacy'
      ? { person: { background: c.hex, color: '#ffffff' }, kontakt: { fill: c.hex }, logo: { top: 22, left: 36, height: 34, useColor: false, color: c.hex } }
      : { person: { background: c.hex, color: '#ffffff' }, kontakt: { fill: '#ffffff' } };
    for (const theme of themeNames) {
      jobs.push((async () => {
        const profile = await createProfile(s, t.company.id, fullProfile(logo, { settings: { theme, ...settings } }));
        cards.set(key(theme, shade), await createCard(s, t, profile, { image: photo }));
      })());
    }
  }
  await Promise.all(jobs);
}, 180_000);
afterAll(async () => { await closeBrowser(); await s.close(); });

interface Shape { kind: 'text' | 'icon' | 'logo' | 'photo'; what: string; x: number; y: number; w: number; h: number; colour: string; min: number }

/** Everything a visitor should see on the card, with its colour and the contrast it needs. */
async function shapesOf(page: Page, logoColour: string): Promise<Shape[]> {
  return page.evaluate((logoHex) => {
    const hex = (c: string) => {
      const m = c.match(/[\d.]+/g)!.map(Number);
      return `#${m.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
    };
    const out: Shape[] = [];
    const box = (el: Element) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height };
    };
    const name = (el: Element) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const card = document.querySelector('article.vc-card')!;
    for (const el of card.querySelectorAll('*')) {
      const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim() !== '');
      if (!own) continue;
      const st = getComputedStyle(el);
      const size = parseFloat(st.fontSize);
      const large = size >= 24 || (size >= 18.66 && Number(st.fontWeight) >= 700);
      out.push({ kind: 'text', what: name(el), ...box(el), colour: hex(st.color), min: large ? 3 : 4.5 });
    }
    for (const el of card.querySelectorAll('svg')) out.push({ kind: 'icon', what: name(el.parentElement!), ...box(el), colour: hex(getComputedStyle(el).color), min: 3 });
    for (const el of card.querySelectorAll('.vc-logo')) out.push({ kind: 'logo', what: 'logo', ...box(el), colour: logoHex, min: 3 });
    for (const el of card.querySelectorAll<HTMLImageElement>('img.vc-photo, img.vc-avatar-img, img.vc-side-img')) out.push({ kind: 'photo', what: 'photo', ...box(el), colour: el.naturalWidth > 0 ? 'loaded' : 'broken', min: 0 });
    return out;
  }, logoColour) as Promise<Shape[]>;
}

/** Median colour of the pixels in a box (every second pixel), as hex. */
function medianColour(png: PNG, b: { x: number; y: number; w: number; h: number }): string {
  const channels: number[][] = [[], [], []];
  for (let y = Math.max(0, Math.floor(b.y)); y < Math.min(png.height, Math.ceil(b.y + b.h)); y += 2) {
    for (let x = Math.max(0, Math.floor(b.x)); x < Math.min(png.width, Math.ceil(b.x + b.w)); x += 2) {
      const i = (y * png.width + x) * 4;
      for (let c = 0; c < 3; c++) channels[c]!.push(png.data[i + c]!);
    }
  }
  const med = (a: number[]) => a.sort((p, q) => p - q)[Math.floor(a.length / 2)] ?? 0;
  return `#${channels.map((c) => med(c).toString(16).padStart(2, '0')).join('')}`;
}

const overlap = (a: Shape, b: Shape) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

/** Text, icons and logos turned transparent: what is left is what each of them stands on. */
const HIDE = `.vc-card, .vc-card * { color: transparent !important; text-shadow: none !important; -webkit-text-fill-color: transparent !important; }
.vc-card svg, .vc-card .vc-logo { visibility: hidden !important; }`;

/** Raw errors a visitor must never see: JSON bodies, configuration names, programmer words. */
const RAW = /\{\s*"message"|_FILE\b|APPLE_|GOOGLE_|WALLET_|Error:|\bundefined\b|\bnull\b|NaN|\[object /;

async function checkCard(page: Page, theme: string, shade: Shade, lang: keyof typeof LANGS): Promise<string[]> {
  const problems: string[] = [];
  const where = `${theme}/${shade}/${lang}`;
  await page.goto(`${s.baseUrl}/c/${cards.get(`${theme}/${shade}`)}`);
  await page.locator('article.vc-card [data-logo-ready]').first().waitFor();
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  const text = await page.locator('body').innerText();
  if (RAW.test(text)) problems.push(`${where}: raw error text on the card`);
  const expected = themeLanguage(theme) ?? lang;
  const save = expected === 'en' ? 'Save contact' : 'Kontakt speichern';
  if (!text.includes(save)) problems.push(`${where}: labels not in ${expected} ("${save}" missing)`);
  const shapes = await shapesOf(page, COLOURS[shade].hex);
  await page.addStyleTag({ content: HIDE });
  const bare = PNG.sync.read(await page.screenshot({ fullPage: true }));
  for (const sh of shapes) {
    if (sh.kind === 'photo') {
      if (sh.colour !== 'loaded' || sh.w < 40) problems.push(`${where}: photo not shown`);
      continue;
    }
    if (sh.w < 1 || sh.h < 1) continue;
    const ground = medianColour(bare, sh);
    const ratio = contrastRatio(sh.colour, ground);
    if (ratio < sh.min) problems.push(`${where}: ${sh.kind} ${sh.what} ${sh.colour} on ${ground} (${ratio.toFixed(2)}:1 < ${sh.min})`);
  }
  const photos = shapes.filter((x) => x.kind === 'photo');
  for (const logo of shapes.filter((x) => x.kind === 'logo')) {
    if (photos.some((p) => overlap(p, logo))) problems.push(`${where}: logo on the photo`);
  }
  if (!shapes.some((x) => x.kind === 'logo')) problems.push(`${where}: no logo`);
  return problems;
}

describe('every public page a visitor can reach', () => {
  test('every theme × light, dark and legacy colour × German and English: no invisible text, icon or logo, no logo on the photo', async () => {
    const runs: [string, Shade, keyof typeof LANGS][] = [];
    for (const theme of themeNames) for (const shade of ['light', 'dark', 'legacy'] as Shade[]) for (const lang of ['de', 'en'] as const) runs.push([theme, shade, lang]);
    // Four pages at a time, one context per language.
    const problems: string[] = [];
    const pages = await Promise.all([0, 1, 2, 3].map((i) => openPage({ ...PHONE, locale: LANGS[i % 2 ? 'en' : 'de'] })));
    const queues = [0, 1, 2, 3].map((i) => runs.filter((r, j) => (r[2] === 'en') === (i % 2 === 1) && Math.floor(j / 2) % 2 === Math.floor(i / 2)));
    await Promise.all(queues.map(async (queue, i) => {
      for (const [theme, shade, lang] of queue) problems.push(...await checkCard(pages[i]!.page, theme, shade, lang));
    }));
    expect(queues.flat().length).toBe(runs.length);
    expect(problems).toEqual([]);
  }, 240_000);

  test('error and wallet pages in German and English: designed, with a way on, never a raw error, the same for unknown and inactive cards', async () => {
    const active = cards.get('the-vcard/dark')!;
    const profile = await createProfile(s, t.company.id, fullProfile(''));
    const inactive = await createCard(s, t, profile, { isActive: false });
    const sig = (await s.call('walletSignature', { params: { userId: active }, token: t.user.token })).body.signature as string;
    const inactiveSig = (await s.call('walletSignature', { params: { userId: inactive }, token: t.user.token })).body.signature as string;
    const words = {
      de: { notFound: 'Karte nicht gefunden', retry: 'Erneut versuchen', noWallet: 'Diese Karte gibt es im Moment nicht als Wallet-Karte.', toCard: 'Zur Visitenkarte' },
      en: { notFound: 'Card not found', retry: 'Try again', noWallet: 'This card is not available as a wallet pass at the moment.', toCard: 'Open the business card' },
    };
    await Promise.all((['de', 'en'] as const).map(async (lang) => {
      const w = words[lang];
      const { page } = await openPage({ ...PHONE, locale: LANGS[lang] });
      const missing: string[] = [];
      for (const path of ['/c/gibt-es-nicht', `/c/${inactive}`, '/c/', `/qr/${active}/${sig.slice(2)}`, `/qr/gibt-es-nicht/${sig}`, `/qr/${inactive}/${inactiveSig}`, `/api/wallet/pkpass/${active}/x${sig}`, `/api/wallet/googlecard/${inactive}/${inactiveSig}`]) {
        await page.goto(`${s.baseUrl}${path}`);
        await page.getByRole('heading', { level: 1, name: w.notFound }).waitFor();
        await page.getByRole('button', { name: w.retry }).waitFor();
        const text = await page.locator('main').innerText();
        expect(text, path).not.toMatch(RAW);
        missing.push(text);
        await expect(page.locator('main').getAttribute('lang')).resolves.toBe(lang);
      }
      // Unknown, inactive and wrong links: one and the same page.
      expect(new Set(missing).size, lang).toBe(1);
      // A good link without wallets set up: the QR page with a sentence and the way to the card; the QR codes' links lead there.
      for (const path of [`/qr/${active}/${sig}`, `/api/wallet/pkpass/${active}/${sig}`]) {
        await page.goto(`${s.baseUrl}${path}`);
        await page.getByText(w.noWallet).waitFor();
        await page.getByRole('link', { name: w.toCard }).click();
        await page.locator('article.vc-card').waitFor();
        expect(await page.locator('body').innerText(), path).not.toMatch(RAW);
      }
      // 'Kontakt speichern' answers a vCard (GET and HEAD).
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await page.request.fetch(`${s.baseUrl}/api/card/${active}/vcard`, { method });
        expect(res.status(), method).toBe(200);
        expect(res.headers()['content-type'], method).toMatch(/^text\/vcard/);
      }
    }));
  }, 120_000);
});
