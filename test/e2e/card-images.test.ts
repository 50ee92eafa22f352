import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import sharp from 'sharp';
import { PNG } from 'pngjs';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, signInAs } from '../helpers/browser.ts';
import { createProfile, createTenant } from '../helpers/card-fixtures.ts';
import { cropAndUpload } from '../helpers/cropper.ts';
import { croppedPortraitJpeg, photoLikeRgb, portraitJpeg, wordmarkPng } from '../helpers/photo.ts';
import { allVariants, avifWidths, imageWidths, passImageBox, passImages, variantFilename, widthFor } from '../../shared/images.ts';
import type { ImageVariant } from '../../shared/images.ts';
import { createCard, fullProfile, PHONE } from './public-card-fixtures.ts';

// Issue 20 in the browser: the cropper uploads photos as JPEG and logos whole (padded into their
// box); the public card at 390x844, DPR 3 loads a modern format within budget; Chromium decodes
// every file the pipeline stores at the promised size.

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

const portrait = portraitJpeg;
const wordmark = wordmarkPng;

/** Width and height of the opaque part of a PNG with transparency. */
function opaqueBox(png: Buffer): { width: number; height: number } {
  const img = PNG.sync.read(png);
  let [left, top, right, bottom] = [img.width, img.height, -1, -1];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.data[(y * img.width + x) * 4 + 3]! < 128) continue;
      left = Math.min(left, x); right = Math.max(right, x); top = Math.min(top, y); bottom = Math.max(bottom, y);
    }
  }
  return { width: right - left + 1, height: bottom - top + 1 };
}

async function stored(name: string): Promise<Buffer> {
  return (await s.call('uploadGet', { params: { field: 'image', filename: name } })).bytes;
}

describe('the cropper', () => {
  test('a photo goes up as JPEG at its crop; a 3:1 logo goes up whole, padded into its 1.35 box, and fills Apple\'s logo area', async () => {
    const t = await createTenant(s);
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, t.user);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/add`);
    const photo = await cropAndUpload(page, 'Foto', { name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
    expect(photo.sent.contentType).toBe('image/jpeg');
    expect(photo.sent.name).toBe('image.jpg');
    expect([...photo.sent.bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // The default crop: the whole width at the photo ratio 1.355 (1200x885.6), at full resolution.
    const sent = await sharp(photo.sent.bytes).metadata();
    expect([sent.format, sent.width]).toEqual(['jpeg', 1200]);
    expect(Math.abs(sent.height - 1200 / 1.355)).toBeLessThan(1);
    expect(photo.filename).toMatch(/\.jpg$/);

    await page.goto(`${s.baseUrl}/v2/card/profil/edit/${t.profile.id}`);
    await page.getByRole('tab', { name: 'Logos' }).click();
    const logo = await cropAndUpload(page, 'Logo', { name: 'wortmarke.png', mimeType: 'image/png', buffer: await wordmark() });
    expect(logo.sent.contentType).toBe('image/png');
    // Nothing of the wordmark is cut: the box has the logo ratio, the mark keeps its 860x220.
    const box = PNG.sync.read(logo.sent.bytes);
    expect(box.width / box.height).toBeCloseTo(1.35, 1);
    expect(opaqueBox(logo.sent.bytes)).toEqual({ width: 860, height: 220 });
    expect(logo.filename).toMatch(/\.png$/);
    // Apple's logo (within 160x50 pt) is the mark alone, as wide as the area allows.
    const apple = PNG.sync.read(await stored(variantFilename(logo.filename, { pass: 'appleLogo', scale: 3 })));
    expect(apple.width).toBe(480);
    expect(apple.height).toBeLessThanOrEqual(150);
    // The form shows the stored 320 px variant.
    await expect(page.getByRole('img', { name: 'Logo', exact: true }).getAttribute('src')).resolves.toBe(`/api/upload/logo/${variantFilename(logo.filename, { width: 320 })}`);
  }, 60_000);
});

describe('the public card on a phone', () => {
  test('at 390x844, DPR 3 the photo comes as AVIF, the largest width, within 60 KB; no image larger than drawn', async () => {
    const t = await createTenant(s);
    // What the cropper sends for a 1200x1600 portrait (its default crop, JPEG 0.92).
    const crop = await croppedPortraitJpeg();
    const upload = async (data: Buffer, type: string) =>
      (await s.call('uploadCreate', { params: { id: t.company.id }, token: t.user.token, multipart: [{ name: 'image', filename: 'bild', contentType: type, data }] })).body.filename;
    const photo = await upload(crop, 'image/jpeg');
    const logo = await upload(await wordmark(), 'image/png');
    const profile = await createProfile(s, t.company.id, fullProfile(logo, { settings: { theme: 'the-vcard' } }));
    const id = await createCard(s, t, profile, { image: photo });

    const { page } = await openPage({ ...PHONE, deviceScaleFactor: 3 });
    const images = new Map<string, number>();
    page.on('response', async (r) => {
      if (r.request().resourceType() === 'image' && r.url().includes('/api/upload/')) images.set(new URL(r.url()).pathname, (await r.body()).length);
    });
    await page.goto(`${s.baseUrl}/c/${id}`);
    const img = page.getByRole('img', { name: 'Foto von Jürgen Weiß' });
    await img.waitFor();
    await page.waitForFunction(() => [...document.images].every((i) => i.complete && i.naturalWidth > 0));
    await page.waitForLoadState('networkidle');

    const shown = await img.evaluate((i: HTMLImageElement) => ({ src: i.currentSrc, natural: i.naturalWidth, drawn: i.getBoundingClientRect().width }));
    expect(shown.src).toMatch(new RegExp(`/api/upload/image/${photo.replace('.jpg', '')}\\.w1024\\.avif$`));
    const photoBytes = images.get(new URL(shown.src).pathname)!;
    expect(photoBytes, `${photoBytes} bytes`).toBeLessThanOrEqual(60 * 1024);
    // Every image the page loaded is the stored width the drawn size needs at DPR 3, none larger
    // (the largest stored width when even that is smaller), and never an original.
    const drawn = await page.evaluate(() => [...document.images].map((i) => ({ src: i.currentSrc, natural: i.naturalWidth, css: i.getBoundingClientRect().width })));
    for (const d of drawn) {
      expect(d.src, d.src).toMatch(/\.w\d+\.avif$/);
      expect(d.natural, d.src).toBeLessThanOrEqual(widthFor(Math.ceil(d.css * 3), 'avif'));
    }
    expect([...images.keys()].every((p) => /\.w\d+\.avif$/.test(p)), [...images.keys()].join(', ')).toBe(true);
  });

  test('Chromium decodes every stored file of a photo and of a logo at the promised size', async () => {
    const t = await createTenant(s);
    const form = async (data: Buffer) =>
      (await s.call('uploadCreate', { params: { id: t.company.id }, token: t.user.token, multipart: [{ name: 'image', filename: 'bild', contentType: 'application/octet-stream', data }] })).body.filename;
    const photo = await form(await sharp(photoLikeRgb(800, 590), { raw: { width: 800, height: 590, channels: 3 } }).jpeg().toBuffer());
    const logo = await form(await wordmark());
    const { page } = await openPage();
    await page.goto(`${s.baseUrl}/c/unbekannt`);
    for (const [name, size] of [[photo, { width: 800, height: 590 }], [logo, { width: 900, height: 300 }]] as const) {
      const expected = (v: ImageVariant): [number, number] | undefined => {
        if ('width' in v) {
          const w = Math.min(v.width, size.width);
          return [w, Math.round((size.height * w) / size.width)];
        }
        if ('pass' in v && (v.pass === 'appleIcon' || v.pass === 'googleLogo' || v.pass === 'googleHero')) {
          const box = passImageBox(v.pass, v.scale ?? 1);
          return [box.width, box.height];
        }
        return undefined;
      };
      const urls = allVariants().map((v) => `/api/upload/image/${variantFilename(name, v)}`);
      const decoded = await page.evaluate(async (list) => Promise.all(list.map(async (u) => {
        const i = new Image();
        i.src = u;
        await i.decode();
        return [i.naturalWidth, i.naturalHeight] as [number, number];
      })), urls);
      allVariants().forEach((v, k) => {
        const [url, got] = [urls[k]!, decoded[k]!];
        const want = expected(v);
        if (want) expect(got, url).toEqual(want);
        else if ('pass' in v) {
          const box = passImageBox(v.pass, v.scale ?? 1);
          expect(got[0] <= box.width && got[1] <= box.height, `${url}: ${got}`).toBe(true);
        } else expect(Math.max(...got), url).toBeLessThanOrEqual(256);
      });
    }
    expect(imageWidths.length * 2 + avifWidths.length + 1 + Object.values(passImages).reduce((n, p) => n + p.scales.length, 0)).toBe(allVariants().length);
  }, 60_000);
});
