import type { Sharp } from 'sharp';
import type { ImageFormat } from '../../../shared/images.ts';
import { loadSharp } from './sharp.ts';
import type { Box, Pixels, Rgba } from './pixels.ts';

// The pipeline's drawing primitives over decoded pixels: resize, crop, compose layers on a canvas,
// encode. Everything an image the product makes (width variants, pass images, later a virtual
// background with text, logo and QR code) is a sequence of these.

/** Encoder settings, chosen by measurement (test/bench/image-pipeline.bench.ts, docs/decisions.md). */
export const encoderSettings = {
  jpg: { quality: 82 },
  /** The stored original is the source of every later variant: little generation loss. */
  originalJpg: { quality: 90 },
  png: { compressionLevel: 6 },
  webp: { quality: 75, alphaQuality: 90, effort: 2 },
  avif: { quality: 50, effort: 0, chromaSubsampling: '4:2:0' },
} as const;

async function fromPixels(p: Pixels): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(p.data, { raw: { width: p.width, height: p.height, channels: p.channels } });
}

async function toPixels(s: Sharp): Promise<Pixels> {
  const { data, info } = await s.raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as 3 | 4 };
}

/** Resampled to exactly `width` x `height` (Lanczos; alpha premultiplied by libvips, so edges keep their colour). */
export async function resizePixels(p: Pixels, width: number, height: number): Promise<Pixels> {
  if (p.width === width && p.height === height) return p;
  return toPixels((await fromPixels(p)).resize({ width, height, fit: 'fill' }));
}

/** A `width` x `height` picture filled by `p` (centre crop of what does not fit). */
export async function coverPixels(p: Pixels, width: number, height: number): Promise<Pixels> {
  return toPixels((await fromPixels(p)).resize({ width, height, fit: 'cover', position: 'centre' }));
}

export async function cropPixels(p: Pixels, box: Box): Promise<Pixels> {
  if (box.left === 0 && box.top === 0 && box.width === p.width && box.height === p.height) return p;
  return toPixels((await fromPixels(p)).extract(box));
}

export interface Layer {
  pixels: Pixels;
  left: number;
  top: number;
}

/** Layers drawn in order onto a canvas of one colour (alpha 0-1), the result with an alpha channel. */
export async function composePixels(o: { width: number; height: number; background: Rgba; layers: Layer[] }): Promise<Pixels> {
  const sharp = await loadSharp();
  const inputs = o.layers.map((l) => ({
    input: l.pixels.data, raw: { width: l.pixels.width, height: l.pixels.height, channels: l.pixels.channels }, left: l.left, top: l.top,
  }));
  return toPixels(sharp({ create: { width: o.width, height: o.height, channels: 4, background: o.background } }).composite(inputs).ensureAlpha());
}

/**
 * The picture as a file. JPEG has no transparency: transparent pixels go on white. No metadata is
 * written (sharp strips EXIF, GPS and ICC unless asked to keep them; the pixels are sRGB already).
 */
export async function encodePixels(p: Pixels, format: ImageFormat, o: { quality?: number; original?: boolean } = {}): Promise<Buffer> {
  return encode(await fromPixels(p), p.channels === 4, format, o);
}

function encode(s: Sharp, alpha: boolean, format: ImageFormat, o: { quality?: number; original?: boolean } = {}): Promise<Buffer> {
  switch (format) {
    case 'jpg': {
      const quality = o.quality ?? (o.original ? encoderSettings.originalJpg.quality : encoderSettings.jpg.quality);
      return (alpha ? s.flatten({ background: '#ffffff' }) : s).jpeg({ quality }).toBuffer();
    }
    case 'png': return s.png(encoderSettings.png).toBuffer();
    case 'webp': return s.webp({ ...encoderSettings.webp, ...(o.quality ? { quality: o.quality } : {}) }).toBuffer();
    case 'avif': return s.avif({ ...encoderSettings.avif, ...(o.quality ? { quality: o.quality } : {}) }).toBuffer();
  }
}

/**
 * A picture `width` wide whose every row is one colour, the pixel of `column` in that row (a
 * vertical gradient), with layers drawn on it, as a file. libvips widens the column, draws and
 * encodes in one pass, strip by strip: the full picture never exists as one buffer.
 */
export async function composeColumn(o: { column: Pixels; width: number; layers: Layer[]; format: ImageFormat }): Promise<Buffer> {
  const inputs = o.layers.map((l) => ({
    input: l.pixels.data, raw: { width: l.pixels.width, height: l.pixels.height, channels: l.pixels.channels }, left: Math.round(l.left), top: Math.round(l.top),
  }));
  // Nearest neighbour repeats the one pixel of each row exactly (no interpolation between rows: the height stays).
  const widened = (await fromPixels(o.column)).resize({ width: o.width, height: o.column.height, fit: 'fill', kernel: 'nearest' });
  // Layers bring an alpha channel (as composite adds one to the picture).
  return encode(widened.composite(inputs), o.layers.length > 0, o.format);
}
