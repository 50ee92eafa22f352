import { imageMimeTypes } from '../../../shared/images.ts';
import type { FallbackFormat } from '../../../shared/images.ts';
import { decodeImage, MAX_STORED_SIDE, UndecodableImageError } from './decode.ts';
import { loadSharp } from './sharp.ts';
import { countJpegScans, MAX_JPEG_SCANS } from './jpeg-scans.ts';
import type { Pixels } from './pixels.ts';
import { readImageInfo } from '../image-info.ts';
import { encodePixels } from './render.ts';
import { renderVariants } from './renditions.ts';
import type { RenderedFile } from './renditions.ts';

// The image pipeline on libvips (sharp): one entry for an upload (processImage), one for an upload
// stored earlier (reprocessImage, the reprocess job). Names and sizes: shared/images.ts.

export { MAX_STORED_SIDE, UndecodableImageError };
export { MAX_JPEG_SCANS };
export type { RenderedFile };

/**
 * An opaque PNG that compresses to fewer bytes per pixel than this is a graphic (a logo, a drawing:
 * flat colours, hard edges) and stays a PNG; above it is a photo saved as PNG (the old cropper
 * did that: 2-3 bytes per pixel) and is stored as JPEG. A logo with anti-aliased text is about 0.03.
 */
export const GRAPHIC_MAX_BYTES_PER_PIXEL = 0.75;

/** A progressive JPEG with more than MAX_JPEG_SCANS scans: refused before decoding. */
export class TooManyScansError extends Error {}

export interface ProcessedImage {
  /** The original's format: jpg for an opaque picture, png only where there is transparency. */
  format: FallbackFormat;
  width: number;
  height: number;
  original: { data: Buffer; mime: string };
  variants: RenderedFile[];
}

async function fromPixels(pixels: Pixels, format: FallbackFormat, original: Buffer): Promise<ProcessedImage> {
  return {
    format, width: pixels.width, height: pixels.height,
    original: { data: original, mime: imageMimeTypes[format] },
    variants: await renderVariants(pixels, format),
  };
}

/**
 * The stored format: PNG where there is transparency, or for an opaque PNG that is a graphic
 * (GRAPHIC_MAX_BYTES_PER_PIXEL); JPEG for everything else, photos above all.
 */
function storedFormat(data: Buffer, type: 'png' | 'jpeg', pixels: Pixels): FallbackFormat {
  if (pixels.channels === 4) return 'png';
  if (type === 'jpeg') return 'jpg';
  const header = readImageInfo(data);
  const sourcePixels = header ? header.width * header.height : pixels.width * pixels.height;
  return data.length / sourcePixels < GRAPHIC_MAX_BYTES_PER_PIXEL ? 'png' : 'jpg';
}

/**
 * An upload (PNG or JPEG; the caller checked type, bytes and pixel count from the header): decoded
 * completely, stored re-encoded (at most MAX_STORED_SIDE px, sRGB, no metadata, nothing appended)
 * as JPEG, PNG only for transparency and graphics, with every derivative of shared/images.ts.
 * Throws TooManyScansError or UndecodableImageError.
 */
export async function processImage(data: Buffer, type: 'png' | 'jpeg'): Promise<ProcessedImage> {
  if (type === 'jpeg' && countJpegScans(data) > MAX_JPEG_SCANS) throw new TooManyScansError(`mehr als ${MAX_JPEG_SCANS} Scans`);
  const pixels = await decodeImage(data);
  const format = storedFormat(data, type, pixels);
  return fromPixels(pixels, format, await encodePixels(pixels, format, { original: true }));
}

/** A JPEG ends with its end-of-image marker, a PNG with its IEND chunk: anything after it was appended. */
function endsCleanly(b: Buffer): boolean {
  if (b[0] === 0xff && b[1] === 0xd8) return b.length >= 2 && b[b.length - 2] === 0xff && b[b.length - 1] === 0xd9;
  return b.length >= 12 && b.toString('latin1', b.length - 8, b.length - 4) === 'IEND';
}

/**
 * Whether a stored original is not what the pipeline stores today: metadata (EXIF with GPS, XMP,
 * IPTC, an ICC profile), larger than MAX_STORED_SIDE, or bytes after the image's end. Uploads made
 * by the pipeline never are; uploads from before it may be.
 */
export async function originalNeedsRenewal(data: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  const m = await sharp(data).metadata();
  return Boolean(m.exif || m.xmp || m.iptc || m.icc || (m.orientation ?? 1) > 1)
    || Math.max(m.width ?? 0, m.height ?? 0) > MAX_STORED_SIDE || !endsCleanly(data);
}

/**
 * An upload stored earlier, again through today's pipeline: its name (and so its format) stays,
 * because cards point at it. The original is re-encoded only when `renewOriginal` (an upload from
 * before the pipeline may carry metadata or be larger than MAX_STORED_SIDE); otherwise its bytes
 * stay as they are and only the derivatives are made anew.
 */
export async function reprocessImage(o: { data: Buffer; format: FallbackFormat; renewOriginal: boolean }): Promise<ProcessedImage> {
  const isJpeg = o.data[0] === 0xff && o.data[1] === 0xd8;
  if (isJpeg && countJpegScans(o.data) > MAX_JPEG_SCANS) throw new TooManyScansError(`mehr als ${MAX_JPEG_SCANS} Scans`);
  const pixels = await decodeImage(o.data);
  const original = o.renewOriginal ? await encodePixels(pixels, o.format, { original: true }) : o.data;
  return fromPixels(pixels, o.format, original);
}
