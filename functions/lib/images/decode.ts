import { uploadLimits } from '../../../shared/schemas/upload.ts';
import { loadSharp } from './sharp.ts';
import { hasTransparency, withoutAlpha } from './pixels.ts';
import type { Pixels } from './pixels.ts';

/**
 * The longest side of the stored original. Nothing shows an image larger than the 1024 px
 * variant; the original stays as the source the variants are made (and remade) from.
 */
export const MAX_STORED_SIDE = 2048;

/** The bytes are not a complete, decodable image (truncated, corrupt, something appended inside). */
export class UndecodableImageError extends Error {}

/**
 * Decodes a PNG or JPEG completely into upright sRGB pixels of at most `maxSide` on the longer
 * side: EXIF orientation applied, CMYK and embedded ICC profiles converted to sRGB, 16-bit
 * reduced to 8, metadata left behind. Strict: libvips' first warning (a cut-off scan, a broken
 * Huffman code, a PNG without its end) is an UndecodableImageError. An image with no transparent
 * pixel comes back without an alpha channel. JPEG shrink-on-load keeps a 25 MP photo's memory low.
 */
export async function decodeImage(data: Buffer, o: { maxSide?: number } = {}): Promise<Pixels> {
  const sharp = await loadSharp();
  const maxSide = o.maxSide ?? MAX_STORED_SIDE;
  let out: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    out = await sharp(data, { failOn: 'warning', limitInputPixels: uploadLimits.maxPixels, sequentialRead: true })
      .autoOrient()
      .resize({ width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch (err) {
    throw new UndecodableImageError(err instanceof Error ? err.message : String(err));
  }
  const { width, height, channels } = out.info;
  if (width < 1 || height < 1 || (channels !== 3 && channels !== 4)) throw new UndecodableImageError(`unerwartetes Pixelformat (${channels} Kanäle)`);
  const pixels: Pixels = { data: out.data, width, height, channels };
  return hasTransparency(pixels) ? pixels : withoutAlpha(pixels);
}
