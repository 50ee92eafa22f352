import { beforeAll, describe, expect, test } from 'vitest';
import { deflateSync } from 'node:zlib';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import jpegJs from 'jpeg-js';
import { imageSize } from 'image-size';
import { useTestServer } from '../helpers/server.ts';
import { createBareTenant } from '../helpers/card-fixtures.ts';
import { makeJpeg, makePng, multipart, progressiveJpegWithScans } from '../helpers/images.ts';
import { pngChunk as chunk } from '../../functions/lib/images/solid-png.ts';
import { allVariantFilenames, imageSrcset, imageWidths, modernFormats, variantFilename, vcardImage, widthsOf } from '../../shared/images.ts';
import type { UploadField } from '../../shared/schemas/upload.ts';

// Issue 16: uploads are decoded completely and stored re-encoded, with every size the card page,
// vCard and passes need. Issue 20: through libvips (sharp), photos as JPEG with AVIF and WebP
// beside them, pass images at Apple's and Google's sizes, the progressive-JPEG scan bomb refused.

const s = useTestServer();
let t: Awaited<ReturnType<typeof createBareTenant>>;
beforeAll(async () => { t = await createBareTenant(s); });

async function upload(data: Buffer, contentType = 'image/png') {
  const res = await s.call('uploadCreate', { params: { id: t.company.id }, token: t.user.token, multipart: [{ name: 'image', filename: 'bild', contentType, data }] });
  return { status: res.status, body: res.body };
}

async function served(field: UploadField, filename: string) {
  const res = await s.call('uploadGet', { params: { field, filename } });
  return { status: res.status, type: res.headers.get('content-type'), cache: res.headers.get('cache-control'), body: res.bytes };
}

/** A well-formed PNG (valid chunks and CRCs) whose compressed image data stops halfway. */
function pngWithHalfTheImageData(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 31) & 0xff;
  const z = deflateSync(raw);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr), chunk('IDAT', z.subarray(0, Math.floor(z.length / 2))), chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A logo with a transparent half. */
function transparentPng(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) png.data.set(i % width < width / 2 ? [0, 0, 255, 255] : [0, 0, 0, 0], i * 4);
  return PNG.sync.write(png);
}

function photoJpeg(width: number, height: number): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) data.set([(i * 7) & 255, (i >> 4) & 255, 128, 255], i * 4);
  return jpegJs.encode({ width, height, data }, 90).data;
}

describe('upload pipeline: only what decodes completely is stored', () => {
  test.each([
    ['a PNG cut off halfway through its image data', () => makePng(64, 64).subarray(0, 60)],
    ['a well-formed PNG whose compressed data stops halfway', () => pngWithHalfTheImageData(64, 64)],
    ['a JPEG header followed by HTML', () => {
      const jpg = makeJpeg(16, 16);
      return Buffer.concat([jpg.subarray(0, jpg.indexOf(Buffer.from([0xff, 0xda]))), Buffer.from('<html><script>alert(document.cookie)</script></html>')]);
    }],
    ['a JPEG header followed by HTML and an end marker', () => {
      const jpg = makeJpeg(16, 16);
      return Buffer.concat([jpg.subarray(0, jpg.indexOf(Buffer.from([0xff, 0xda])) + 10), Buffer.from('<html>x</html>'), Buffer.from([0xff, 0xd9])]);
    }],
    ['a JPEG cut off in its scan', () => photoJpeg(64, 64).subarray(0, 900)],
  ])('%s -> 400 "Konnte Bild nicht laden", nothing stored', async (_, make) => {
    const res = await upload(make());
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/^Konnte Bild nicht laden/);
    expect(res.body.fieldErrors?.image).toMatch(/^Konnte Bild nicht laden/);
  });

  test('bytes appended after the image are not stored (re-encoded, not copied)', async () => {
    const payload = '<html><script>alert(1)</script></html>';
    for (const [data, type] of [[makePng(20, 10), 'image/png'], [makeJpeg(16, 16), 'image/jpeg']] as const) {
      const res = await upload(Buffer.concat([data, Buffer.from(payload)]), type);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const file = await served('image', res.body.filename!);
      expect(file.status).toBe(200);
      expect(file.body.includes(Buffer.from('<html>'))).toBe(false);
    }
  });
});

describe('upload pipeline: the progressive JPEG scan bomb', () => {
  test('10,000 nearly empty scans at 5000x5000 -> 400 before any decoding, nothing stored', async () => {
    const before = readdirSync(join(s.uploadsDir, 'images')).length;
    const res = await upload(progressiveJpegWithScans(5000, 5000, 10_000), 'image/jpeg');
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe('Konnte Bild nicht laden: Das JPEG besteht aus mehr als 100 Teilbildern (Scans). Bitte speichern Sie das Bild neu (z. B. als normales JPEG) und laden Sie es erneut hoch.');
    expect(res.body.fieldErrors?.image).toBe(res.body.message);
    expect(readdirSync(join(s.uploadsDir, 'images')).length).toBe(before);
  });
});

describe('upload pipeline: variants for page, vCard and passes', () => {
  test('a photo gets every width in JPEG, WebP and (in finer steps) AVIF (never upscaled), a small vCard JPEG, all served immutable', async () => {
    const res = await upload(photoJpeg(800, 600), 'image/jpeg');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const name = res.body.filename!;
    for (const [format, mime, type] of [[undefined, 'image/jpeg', 'jpg'], ['avif', 'image/avif', 'avif'], ['webp', 'image/webp', 'webp']] as const) {
      for (const w of widthsOf(format)) {
        const file = await served('image', variantFilename(name, format ? { width: w, format } : { width: w }));
        expect(file.status, `w${w} ${type}`).toBe(200);
        expect(file.type).toBe(mime);
        expect(file.cache).toBe('public, max-age=31536000, immutable');
        expect(imageSize(file.body), `w${w} ${type}`).toMatchObject({ type, width: Math.min(w, 800), height: Math.round(Math.min(w, 800) * 0.75) });
      }
    }
    for (const w of imageWidths) expect(jpegJs.decode((await served('image', variantFilename(name, { width: w }))).body).width, `w${w}`).toBe(Math.min(w, 800));
    const vcard = await served('image', variantFilename(name, { vcard: true }));
    expect(vcard.type).toBe('image/jpeg');
    expect(vcard.body.length).toBeLessThan(vcardImage.maxBytes);
    const v = jpegJs.decode(vcard.body);
    expect(Math.max(v.width, v.height)).toBe(vcardImage.maxSide);
    // Every srcset (fallback and modern formats) names exactly stored variants.
    for (const format of [undefined, ...modernFormats]) {
      for (const entry of imageSrcset('image', name, format).split(', ')) {
        expect((await fetch(s.baseUrl + entry.split(' ')[0])).status).toBe(200);
      }
    }
    // And every file the company delete removes exists.
    for (const file of allVariantFilenames(name)) expect(existsSync(join(s.uploadsDir, 'images', file)), file).toBe(true);
  });

  test('a logo stays a PNG with its transparency in every width (WebP with alpha beside it); the vCard JPEG is on white', async () => {
    const res = await upload(transparentPng(400, 100));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const name = res.body.filename!;
    expect(name).toMatch(/\.png$/);
    const w160 = await served('logo', variantFilename(name, { width: 160 }));
    expect(w160.type).toBe('image/png');
    const img = PNG.sync.read(w160.body);
    expect([img.width, img.height]).toEqual([160, 40]);
    expect(img.data[3]).toBe(255); // left: opaque blue
    expect(img.data[(159) * 4 + 3]).toBe(0); // right: transparent
    const webp = await served('logo', variantFilename(name, { width: 160, format: 'webp' }));
    // VP8X with the alpha flag: the WebP keeps the transparency.
    expect(webp.body.toString('latin1', 12, 16)).toBe('VP8X');
    expect(webp.body[20]! & 0x10).toBe(0x10);
    const vcard = jpegJs.decode((await served('logo', variantFilename(name, { vcard: true }))).body);
    const right = (vcard.width - 1) * 4;
    expect(vcard.data[right]).toBeGreaterThan(240);
  });

  test('pass images are served as real PNGs at Apple\'s sizes, the Google hero in the photo\'s format', async () => {
    const res = await upload(photoJpeg(900, 345), 'image/jpeg');
    const name = res.body.filename!;
    for (const scale of [1, 2, 3] as const) {
      const icon = await served('walletLogo', variantFilename(name, { pass: 'appleIcon', scale }));
      expect(icon.type).toBe('image/png');
      expect(imageSize(icon.body)).toMatchObject({ type: 'png', width: 29 * scale, height: 29 * scale });
    }
    const hero = await served('imageWallet', variantFilename(name, { pass: 'googleHero' }));
    expect(hero.type).toBe('image/jpeg');
    expect(imageSize(hero.body)).toMatchObject({ type: 'jpg', width: 1032, height: 336 });
  });

  test('an image smaller than every width: each variant exists at the original size', async () => {
    const res = await upload(makePng(100, 50));
    const name = res.body.filename!;
    for (const w of imageWidths) {
      const img = PNG.sync.read((await served('image', variantFilename(name, { width: w }))).body);
      expect([img.width, img.height]).toEqual([100, 50]);
    }
    // All files live next to the original in the uploads folder.
    expect(existsSync(join(s.uploadsDir, 'images', variantFilename(name, { vcard: true })))).toBe(true);
  });

  test('a camera JPEG lying on its side (EXIF orientation 6) is stored upright', async () => {
    const jpg = photoJpeg(60, 40);
    // APP1 Exif, big-endian TIFF, one IFD entry: Orientation (0x0112) = 6.
    const tiff = Buffer.from([0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0]);
    const app1Body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (app1Body.length + 2) >> 8, (app1Body.length + 2) & 0xff]), app1Body]);
    const res = await upload(Buffer.concat([jpg.subarray(0, 2), app1, jpg.subarray(2)]), 'image/jpeg');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const img = jpegJs.decode((await served('image', res.body.filename!)).body);
    expect([img.width, img.height]).toEqual([40, 60]);
  });
});
