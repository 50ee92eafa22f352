import { describe, expect, test } from 'vitest';
import { readImageInfo, sniffType } from '../../functions/lib/image-info.ts';
import { GIF_1X1, makeJpeg, makePng, pngHeader } from '../helpers/images.ts';

describe('readImageInfo', () => {
  test('PNG: type and size from IHDR', () => {
    expect(readImageInfo(makePng(37, 12))).toEqual({ type: 'png', mime: 'image/png', width: 37, height: 12 });
    expect(readImageInfo(pngHeader(10_000, 9_000))).toMatchObject({ width: 10_000, height: 9_000 });
  });

  test('JPEG: type and size from the SOF segment after other segments', () => {
    expect(readImageInfo(makeJpeg(24, 16))).toEqual({ type: 'jpeg', mime: 'image/jpeg', width: 24, height: 16 });
  });

  test('JPEG with a progressive SOF2 and fill bytes before the marker', () => {
    const jpeg = makeJpeg(40, 30);
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    const progressive = Buffer.concat([jpeg.subarray(0, sof), Buffer.from([0xff]), Buffer.from([0xff, 0xc2]), jpeg.subarray(sof + 2)]);
    expect(readImageInfo(progressive)).toMatchObject({ type: 'jpeg', width: 40, height: 30 });
  });

  test('anything else, or a truncated header, is not an image', () => {
    expect(readImageInfo(GIF_1X1)).toBeNull();
    expect(readImageInfo(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(readImageInfo(makePng(2, 2).subarray(0, 20))).toBeNull();
    expect(readImageInfo(Buffer.from([0xff, 0xd8, 0xff, 0xd9]))).toBeNull();
    expect(readImageInfo(Buffer.alloc(0))).toBeNull();
  });
});

describe('sniffType', () => {
  test('names common non-supported types', () => {
    expect(sniffType(GIF_1X1)).toBe('image/gif');
    expect(sniffType(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffType(Buffer.from('<?xml version="1.0"?><svg/>'))).toBe('image/svg+xml');
    expect(sniffType(Buffer.from('just some text'))).toBe('text/plain');
    expect(sniffType(Buffer.from([0, 1, 2, 3, 250]))).toBeNull();
  });
});
