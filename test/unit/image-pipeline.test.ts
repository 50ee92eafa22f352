import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageSize } from 'image-size';
import sharp from 'sharp';
import { MAX_JPEG_SCANS, MAX_STORED_SIDE, processImage, TooManyScansError, UndecodableImageError } from '../../functions/lib/images/pipeline.ts';
import type { ProcessedImage } from '../../functions/lib/images/pipeline.ts';
import { countJpegScans } from '../../functions/lib/images/jpeg-scans.ts';
import { readImageInfo } from '../../functions/lib/image-info.ts';
import { allVariants, imageWidths, passImages, variantFilename, vcardImage, widthsOf } from '../../shared/images.ts';
import type { ImageVariant } from '../../shared/images.ts';
import { makeJpeg, makePng, progressiveJpegWithScans } from '../helpers/images.ts';
import { photoLikeRgb } from '../helpers/photo.ts';

// The pipeline writes with libvips (sharp); what it wrote is read back by other decoders: jpeg-js
// and pngjs for the pixels, image-size for every container's header. The browser test
// (test/e2e/public-card-images.test.ts) decodes the AVIF and WebP files in Chromium.

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/images', name));
const process_ = (data: Buffer) => processImage(data, readImageInfo(data)!.type);

function decode(data: Buffer): { width: number; height: number; data: Uint8Array } {
  return data[0] === 0x89 ? PNG.sync.read(data) : jpegJs.decode(data, { useTArray: true });
}

function pixel(data: Buffer, x: number, y: number): number[] {
  const img = decode(data);
  const i = (y * img.width + x) * 4;
  return [...img.data.subarray(i, i + 4)];
}

const near = (actual: number[], expected: number[], tolerance = 8) => actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);
const file = (r: ProcessedImage, v: ImageVariant) => {
  const name = variantFilename(`x.${r.format}`, v);
  const f = r.variants.find((x) => variantFilename(`x.${r.format}`, x.variant) === name);
  if (!f) throw new Error(`${name} fehlt`);
  return f;
};

/** A 3:1 wordmark (opaque blue) centred with transparent padding in a 1.35 box, as the logo cropper uploads it. */
async function paddedWordmark(): Promise<Buffer> {
  const mark = await sharp({ create: { width: 600, height: 200, channels: 4, background: { r: 20, g: 40, b: 200, alpha: 1 } } }).png().toBuffer();
  return sharp({ create: { width: 600, height: 444, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: mark, left: 0, top: 122 }]).png().toBuffer();
}

describe('image pipeline: formats real files come in', () => {
  test.each([
    ['progressive.jpg', [255, 0, 0, 255], [0, 0, 255, 255], 8],
    // Colour-managed through a CMYK profile: print red and blue are darker than sRGB's pure ones
    // (libvips: 230/0/1 and 34/5/117), so only the hue is compared.
    ['cmyk.jpg', [255, 0, 0, 255], [0, 0, 255, 255], 'hue'],
    ['gray.jpg', [255, 255, 255, 255], [0, 0, 0, 255], 8],
    ['gray-16bit.png', [255, 255, 255, 255], [0, 0, 0, 255], 8],
    ['interlaced.png', [255, 0, 0, 255], [0, 0, 255, 255], 8],
  ])('%s decodes with its colours (top and bottom row), stored in sRGB (JPEG stays JPEG, gradient PNGs are graphics)', async (name, top, bottom, tolerance) => {
    const r = await process_(fixture(name));
    expect(r.format).toBe(name.endsWith('.png') ? 'png' : 'jpg');
    const strongest = (px: number[]) => px.slice(0, 3).indexOf(Math.max(...px.slice(0, 3)));
    const same = (actual: number[], expected: number[]) => (tolerance === 'hue' ? strongest(actual) === strongest(expected) && Math.max(...actual.slice(0, 3)) > 100 : near(actual, expected, tolerance as number));
    expect(same(pixel(r.original.data, 2, 0), top), `${pixel(r.original.data, 2, 0)}`).toBe(true);
    expect(same(pixel(r.original.data, 2, r.height - 1), bottom), `${pixel(r.original.data, 2, r.height - 1)}`).toBe(true);
  });

  test('palette and 16-bit PNGs with transparency stay PNGs and keep it', async () => {
    const pal = await process_(fixture('palette-alpha.png'));
    expect(pal.format).toBe('png');
    expect(pixel(pal.original.data, 40, 40)).toEqual([0, 0, 255, 255]);
    expect(pixel(pal.original.data, 110, 75)[3]).toBe(0);
    const rgba = await process_(fixture('rgba-16bit.png'));
    expect(near(pixel(rgba.original.data, 5, 5), [255, 0, 0, 128], 2)).toBe(true);
    expect(pixel(rgba.original.data, 45, 5)[3]).toBe(0);
  });

  test('a photo is a photo: an opaque photo saved as PNG (the old cropper) is stored as JPEG, a flat graphic stays PNG', async () => {
    const photoPng = await sharp(photoLikeRgb(400, 300), { raw: { width: 400, height: 300, channels: 3 } }).png().toBuffer();
    const photo = await process_(photoPng);
    expect(photo.format).toBe('jpg');
    expect(photo.original.mime).toBe('image/jpeg');
    expect(imageSize(photo.original.data).type).toBe('jpg');
    const graphic = await process_(makePng(400, 300));
    expect(graphic.format).toBe('png');
    expect(imageSize(graphic.original.data).type).toBe('png');
  });

  test('the stored original is at most MAX_STORED_SIDE on its longer side', async () => {
    const r = await process_(makePng(3000, 1000));
    expect([r.width, r.height]).toEqual([MAX_STORED_SIDE, 683]);
  });

  test('anything that does not decode completely is UndecodableImageError', async () => {
    const png = makePng(30, 30);
    await expect(processImage(png.subarray(0, png.length - 20), 'png')).rejects.toThrow(UndecodableImageError);
    const jpg = fixture('progressive.jpg');
    await expect(processImage(jpg.subarray(0, Math.floor(jpg.length * 0.6)), 'jpeg')).rejects.toThrow(UndecodableImageError);
  });
});

describe('image pipeline: what is stored has no metadata', () => {
  test('GPS and camera EXIF of the upload are in none of the stored files', async () => {
    const photo = await sharp(photoLikeRgb(320, 240), { raw: { width: 320, height: 240, channels: 3 } })
      .withExif({ IFD0: { Make: 'Kamera', Model: 'Geheim 1' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 36/1' } })
      .jpeg().toBuffer();
    // jpeg-js reads the EXIF block: the upload has one, with the camera and the GPS IFD (tag 0x8825).
    const exif = Buffer.from((jpegJs.decode(photo) as { exifBuffer?: Uint8Array }).exifBuffer ?? []);
    expect(exif.includes(Buffer.from('Geheim 1'))).toBe(true);
    expect(exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25]))).toBe(true);
    const r = await processImage(photo, 'jpeg');
    for (const f of [r.original, ...r.variants]) {
      expect(f.data.includes(Buffer.from('Exif\0')), f.mime).toBe(false);
      expect(f.data.includes(Buffer.from('Geheim 1')), f.mime).toBe(false);
      const meta = await sharp(f.data).metadata();
      expect(meta.exif, f.mime).toBeUndefined();
      expect(meta.xmp, f.mime).toBeUndefined();
    }
  });
});

describe('image pipeline: every stored variant decodes at the promised size and format', () => {
  test('a photo: widths in its own format, AVIF and WebP, the vCard JPEG, the pass images', async () => {
    const photo = await sharp(photoLikeRgb(1200, 886), { raw: { width: 1200, height: 886, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
    const r = await processImage(photo, 'jpeg');
    expect(r.variants.map((f) => variantFilename('x.jpg', f.variant))).toEqual(allVariants().map((v) => variantFilename('x.jpg', v)));
    for (const [format, type] of [[undefined, 'jpg'], ['avif', 'avif'], ['webp', 'webp']] as const) {
      for (const width of widthsOf(format)) {
        const f = file(r, format ? { width, format } : { width });
        const size = imageSize(f.data);
        expect(size, `${width} ${type}`).toMatchObject({ type, width: Math.min(width, 1200), height: Math.round((Math.min(width, 1200) * 886) / 1200) });
        expect([f.width, f.height]).toEqual([size.width, size.height]);
      }
    }
    for (const width of imageWidths) expect(decode(file(r, { width }).data).width).toBe(Math.min(width, 1200));
    // AVIF in finer steps than the fallback and WebP.
    expect(widthsOf('avif')).toEqual([160, 320, 480, 640, 800, 1024]);
    expect(widthsOf('webp')).toEqual(widthsOf());
    const vcard = file(r, { vcard: true });
    expect(vcard.data.length).toBeLessThan(vcardImage.maxBytes);
    expect(decode(vcard.data).width).toBe(vcardImage.maxSide);
  });

  test('Apple pass images at 29/58/87, within 160x50 and 90x90 (x2, x3), real PNG bytes; Google logo 660 square, hero 1032x336', async () => {
    const photo = await sharp(photoLikeRgb(1200, 460), { raw: { width: 1200, height: 460, channels: 3 } }).jpeg().toBuffer();
    const r = await processImage(photo, 'jpeg');
    const png = (v: ImageVariant) => {
      const f = file(r, v);
      expect(f.data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])), JSON.stringify(v)).toBe(true);
      return PNG.sync.read(f.data);
    };
    for (const scale of [1, 2, 3] as const) {
      expect([png({ pass: 'appleIcon', scale }).width, png({ pass: 'appleIcon', scale }).height]).toEqual([29 * scale, 29 * scale]);
      const logo = png({ pass: 'appleLogo', scale });
      expect(logo.width <= 160 * scale && logo.height <= 50 * scale).toBe(true);
      // As large as the box allows: one side touches it.
      expect(logo.width === 160 * scale || logo.height === 50 * scale).toBe(true);
      const thumb = png({ pass: 'appleThumbnail', scale });
      expect(thumb.width <= 90 * scale && thumb.height <= 90 * scale).toBe(true);
      // The 2.6:1 photo is cut to Apple's widest thumbnail shape, 3:2, not squeezed.
      expect(thumb.width / thumb.height).toBeCloseTo(passImages.appleThumbnail.aspect[1], 1);
    }
    const googleLogo = png({ pass: 'googleLogo' });
    expect([googleLogo.width, googleLogo.height]).toEqual([660, 660]);
    // Full-bleed background (Google masks the square to a circle): the corners are opaque.
    expect(googleLogo.data[3]).toBe(255);
    expect(imageSize(file(r, { pass: 'googleHero' }).data)).toMatchObject({ type: 'jpg', width: 1032, height: 336 });
  });

  test('a wordmark the logo cropper padded into its 1.35 box fills Apple\'s 160x50 and sits inside Google\'s safe circle', async () => {
    const r = await processImage(await paddedWordmark(), 'png');
    expect(r.format).toBe('png');
    const logo = PNG.sync.read(file(r, { pass: 'appleLogo', scale: 1 }).data);
    // The transparent padding is gone: 3:1 within 160x50 is 150x50, not the padded box's 68x50.
    expect([logo.width, logo.height]).toEqual([150, 50]);
    const g = PNG.sync.read(file(r, { pass: 'googleLogo' }).data);
    const at = (x: number, y: number) => [...g.data.subarray((y * 660 + x) * 4, (y * 660 + x) * 4 + 4)];
    // White background (a blue logo on transparency), the mark in the middle, 15 % margin each side.
    expect(at(5, 330)).toEqual([255, 255, 255, 255]);
    expect(near(at(330, 330), [20, 40, 200, 255])).toBe(true);
    expect(near(at(Math.ceil(660 * 0.15) + 2, 330), [20, 40, 200, 255])).toBe(true);
    expect(at(Math.floor(660 * 0.15) - 3, 330)).toEqual([255, 255, 255, 255]);
    // Every corner of the mark lies inside the circle Google cuts out.
    const half = (660 * 0.7) / 2;
    expect(Math.hypot(half, half / 3)).toBeLessThan(330);
  });
});

describe('image pipeline: the progressive JPEG scan bomb', () => {
  test('scans are counted by walking the markers; the fixture and a normal progressive JPEG pass', async () => {
    expect(countJpegScans(fixture('progressive.jpg'))).toBeGreaterThan(1);
    expect(countJpegScans(makeJpeg(16, 16))).toBe(1);
    expect(countJpegScans(progressiveJpegWithScans(800, 600, 30))).toBe(30);
    const progressive = await sharp(photoLikeRgb(200, 150), { raw: { width: 200, height: 150, channels: 3 } }).jpeg({ progressive: true }).toBuffer();
    expect(countJpegScans(progressive)).toBeLessThanOrEqual(MAX_JPEG_SCANS);
    await expect(processImage(progressive, 'jpeg')).resolves.toMatchObject({ format: 'jpg', width: 200 });
    await expect(processImage(progressiveJpegWithScans(800, 600, MAX_JPEG_SCANS), 'jpeg')).resolves.toMatchObject({ width: 800, height: 600 });
  });

  test('10,000 scans at 5000x5000 are refused before decoding; counting stops after the limit', async () => {
    const bomb = progressiveJpegWithScans(5000, 5000, 10_000);
    expect(countJpegScans(bomb)).toBe(MAX_JPEG_SCANS + 1);
    await expect(processImage(bomb, 'jpeg')).rejects.toThrow(TooManyScansError);
    await expect(processImage(progressiveJpegWithScans(800, 600, MAX_JPEG_SCANS + 1), 'jpeg')).rejects.toThrow(TooManyScansError);
  });
});

describe('image pipeline: drawing on a vertical gradient', () => {
  test('composeColumn widens the column row by row exactly and draws the layers, as drawing on the full picture does', async () => {
    const { composeColumn } = await import('../../functions/lib/images/render.ts');
    const width = 300;
    const height = 120;
    const column = Buffer.alloc(height * 3);
    for (let y = 0; y < height; y++) column.set([y * 2, 255 - y, (y * 7) % 256], y * 3);
    const full = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) column.copy(full, (y * width + x) * 3, y * 3, y * 3 + 3);
    const layer = { pixels: { data: Buffer.alloc(40 * 30 * 4, Buffer.from([10, 20, 30, 128])), width: 40, height: 30, channels: 4 as const }, left: 250, top: 80 };
    const png = await composeColumn({ column: { data: column, width: 1, height, channels: 3 }, width, layers: [layer], format: 'png' });
    // The same drawn with sharp on the whole picture, read back by pngjs.
    const expected = await sharp(full, { raw: { width, height, channels: 3 } })
      .composite([{ input: layer.pixels.data, raw: { width: 40, height: 30, channels: 4 }, left: 250, top: 80 }]).png().toBuffer();
    const a = PNG.sync.read(png);
    const b = PNG.sync.read(expected);
    expect([a.width, a.height]).toEqual([width, height]);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
    expect(pixel(png, 17, 33)).toEqual([66, 222, 231, 255]);
  });
});
