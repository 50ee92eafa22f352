import { describe, expect, test } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpegJs from 'jpeg-js';
import { PNG } from 'pngjs';
import { MAX_STORED_SIDE, processImage, UndecodableImageError } from '../../functions/lib/images/pipeline.ts';
import { fitWithin, resizeRgba } from '../../functions/lib/images/resize.ts';
import { orient } from '../../functions/lib/images/orientation.ts';
import { readImageInfo } from '../../functions/lib/image-info.ts';
import { allVariantFilenames, imageSrcset, variantFilename, widthFor } from '../../shared/images.ts';
import { makePng } from '../helpers/images.ts';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/images', name));

function pixel(file: { data: Buffer; mime: string }, x: number, y: number): number[] {
  const img = file.mime === 'image/png' ? PNG.sync.read(file.data) : jpegJs.decode(file.data);
  const i = (y * img.width + x) * 4;
  return [...img.data.subarray(i, i + 4)];
}

const near = (actual: number[], expected: number[], tolerance = 6) =>
  actual.every((v, i) => Math.abs(v - expected[i]!) <= tolerance);

describe('image pipeline: formats real files come in', () => {
  test.each([
    ['progressive.jpg', [255, 0, 0, 255], [0, 0, 255, 255]],
    ['cmyk.jpg', [255, 0, 0, 255], [0, 0, 255, 255]],
    ['gray.jpg', [255, 255, 255, 255], [0, 0, 0, 255]],
    ['gray-16bit.png', [255, 255, 255, 255], [0, 0, 0, 255]],
    ['interlaced.png', [255, 0, 0, 255], [0, 0, 255, 255]],
  ])('%s decodes with its colours (top and bottom row)', (name, top, bottom) => {
    const data = fixture(name);
    const r = processImage(data, readImageInfo(data)!.type);
    const original = r.files[0]!;
    expect(near(pixel(original, 2, 0), top), `${pixel(original, 2, 0)}`).toBe(true);
    expect(near(pixel(original, 2, r.height - 1), bottom), `${pixel(original, 2, r.height - 1)}`).toBe(true);
  });

  test('palette and 16-bit PNGs keep their transparency', () => {
    const pal = processImage(fixture('palette-alpha.png'), 'png').files[0]!;
    expect(pixel(pal, 40, 40)).toEqual([0, 0, 255, 255]);
    expect(pixel(pal, 110, 75)[3]).toBe(0);
    const rgba = processImage(fixture('rgba-16bit.png'), 'png').files[0]!;
    expect(near(pixel(rgba, 5, 5), [255, 0, 0, 128], 1)).toBe(true);
    expect(pixel(rgba, 45, 5)[3]).toBe(0);
  });

  test('an opaque PNG is stored without an alpha channel (smaller), a transparent one with it', () => {
    const colourType = (png: Buffer) => png[25];
    expect(colourType(processImage(makePng(10, 10), 'png').files[0]!.data)).toBe(2);
    expect(colourType(processImage(fixture('palette-alpha.png'), 'png').files[0]!.data)).toBe(6);
  });

  test('the stored original is at most MAX_STORED_SIDE on its longer side', () => {
    const r = processImage(makePng(3000, 1000), 'png');
    expect([r.width, r.height]).toEqual([MAX_STORED_SIDE, 683]);
  });

  test('anything that does not decode completely is UndecodableImageError', () => {
    const png = makePng(30, 30);
    expect(() => processImage(png.subarray(0, png.length - 20), 'png')).toThrow(UndecodableImageError);
    const jpg = fixture('progressive.jpg');
    expect(() => processImage(jpg.subarray(0, Math.floor(jpg.length * 0.6)), 'jpeg')).toThrow(UndecodableImageError);
  });
});

describe('resize', () => {
  test('area average: a 2x2 block becomes its mean; never enlarged', () => {
    const img = { width: 2, height: 2, data: new Uint8Array([0, 0, 0, 255, 255, 255, 255, 255, 255, 255, 255, 255, 0, 0, 0, 255]) };
    const one = resizeRgba(img, 1, 1);
    expect([...one.data]).toEqual([128, 128, 128, 255]);
    expect(resizeRgba(img, 5, 5)).toBe(img);
  });

  test('transparent pixels do not darken the colour next to them (premultiplied)', () => {
    const img = { width: 2, height: 1, data: new Uint8Array([255, 0, 0, 255, 0, 0, 0, 0]) };
    expect([...resizeRgba(img, 1, 1).data]).toEqual([255, 0, 0, 128]);
  });

  test('fitWithin keeps the aspect ratio and never grows', () => {
    expect(fitWithin({ width: 800, height: 600 }, 320)).toEqual({ width: 320, height: 240 });
    expect(fitWithin({ width: 100, height: 50 }, 320)).toEqual({ width: 100, height: 50 });
    expect(fitWithin({ width: 100, height: 400 }, 256, 256)).toEqual({ width: 64, height: 256 });
  });

  test('EXIF orientations 6 and 8 turn the picture a quarter', () => {
    // 2x1: red, blue.
    const img = { width: 2, height: 1, data: new Uint8Array([255, 0, 0, 255, 0, 0, 255, 255]) };
    const cw = orient(img, 6);
    expect([cw.width, cw.height]).toEqual([1, 2]);
    expect([...cw.data.subarray(0, 4)]).toEqual([255, 0, 0, 255]);
    const ccw = orient(img, 8);
    expect([...ccw.data.subarray(0, 4)]).toEqual([0, 0, 255, 255]);
  });
});

describe('shared image names', () => {
  test('variants keep the original format, the vCard photo is a JPEG', () => {
    expect(variantFilename('abc.png', 320)).toBe('abc.w320.png');
    expect(variantFilename('abc.jpg', 1024)).toBe('abc.w1024.jpg');
    expect(variantFilename('abc.png', 'vcard')).toBe('abc.vcard.jpg');
    expect(allVariantFilenames('abc.png')).toEqual(['abc.w160.png', 'abc.w320.png', 'abc.w640.png', 'abc.w1024.png', 'abc.vcard.jpg']);
    expect(widthFor(300)).toBe(320);
    expect(widthFor(5000)).toBe(1024);
    expect(imageSrcset('logo', 'abc.png')).toBe('/api/upload/logo/abc.w160.png 160w, /api/upload/logo/abc.w320.png 320w, /api/upload/logo/abc.w640.png 640w, /api/upload/logo/abc.w1024.png 1024w');
  });
});
