import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { imageWidths, jpegQuality, vcardImage } from '../../../shared/images.ts';
import type { ImageVariant } from '../../../shared/images.ts';
import { uploadLimits } from '../../../shared/schemas/upload.ts';
import { fitWithin, hasTransparency, onWhite, resizeRgba } from './resize.ts';
import type { Rgba } from './resize.ts';
import { jpegOrientation, orient } from './orientation.ts';

/**
 * The longest side of the stored original. Nothing shows an image larger than the 1024 px
 * variant; the original stays for the editor's re-crop and is bounded so re-encoding stays fast.
 */
export const MAX_STORED_SIDE = 2048;

export interface EncodedFile {
  /** `original` or a variant of shared/images.ts. */
  variant: 'original' | ImageVariant;
  data: Buffer;
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export interface ProcessedImage {
  type: 'png' | 'jpeg';
  width: number;
  height: number;
  files: EncodedFile[];
}

/** The bytes are not a complete, decodable PNG or JPEG (truncated, corrupt, something appended inside). */
export class UndecodableImageError extends Error {}

/**
 * The PNG up to and including its IEND chunk: bytes appended after it (a polyglot's payload) are
 * not part of the image and are dropped with the re-encoding. A chunk running past the end is a
 * truncated file.
 */
function pngUpToIend(data: Buffer): Buffer {
  let pos = 8;
  while (pos + 12 <= data.length) {
    const length = data.readUInt32BE(pos);
    const end = pos + 12 + length;
    if (end > data.length) break;
    if (data.toString('latin1', pos + 4, pos + 8) === 'IEND') return data.subarray(0, end);
    pos = end;
  }
  throw new Error('PNG ohne IEND');
}

function decodePng(data: Buffer): Rgba {
  const png = PNG.sync.read(pngUpToIend(data), { checkCRC: true });
  return { width: png.width, height: png.height, data: new Uint8Array(png.data.buffer, png.data.byteOffset, png.data.length) };
}

function decodeJpeg(data: Buffer): Rgba {
  const img = jpeg.decode(data, {
    useTArray: true,
    formatAsRGBA: true,
    // Strict: a cut-off scan or foreign bytes inside it is an error, not a grey half image.
    tolerantDecoding: false,
    maxResolutionInMP: uploadLimits.maxPixels / 1_000_000,
    maxMemoryUsageInMB: 1024,
  });
  return orient({ width: img.width, height: img.height, data: img.data }, jpegOrientation(data));
}

/** A JPEG must end with its end-of-image marker; the decoder alone stops early on some truncations. */
function jpegEnds(data: Buffer): boolean {
  // Anything after EOI is dropped by re-encoding; a missing EOI means the file was cut off.
  for (let i = data.length - 2; i >= 2; i--) if (data[i] === 0xff && data[i + 1] === 0xd9) return true;
  return false;
}

/** PNG of RGBA pixels (with alpha only when a pixel is transparent). */
export function encodePng(img: Rgba): Buffer {
  const png = new PNG({ width: img.width, height: img.height, colorType: hasTransparency(img) ? 6 : 2, inputColorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(img.data.buffer, img.data.byteOffset, img.data.length);
  return PNG.sync.write(png, { colorType: hasTransparency(img) ? 6 : 2, inputColorType: 6, inputHasAlpha: true, deflateLevel: 9 });
}

function encodeJpeg(img: Rgba, quality: number): Buffer {
  return jpeg.encode({ width: img.width, height: img.height, data: img.data }, quality).data;
}

function vcardJpeg(img: Rgba): Buffer {
  // Lower the quality until it fits; at 256 px this virtually always holds at the first try.
  const size = fitWithin(img, vcardImage.maxSide, vcardImage.maxSide);
  const small = onWhite(resizeRgba(img, size.width, size.height));
  for (let q: number = vcardImage.quality; ; q -= 15) {
    const out = encodeJpeg(small, q);
    if (out.length <= vcardImage.maxBytes || q <= 20) return out;
  }
}

/**
 * The decoded image at its stored size. A function of its own so the full-size pixels (up to
 * 100 MB for 25 MP) are garbage once it returns, before any encoder allocates.
 */
function decodeForStorage(data: Buffer, type: 'png' | 'jpeg'): Rgba {
  let decoded: Rgba;
  try {
    if (type === 'jpeg' && !jpegEnds(data)) throw new Error('JPEG ohne Endmarke');
    decoded = type === 'png' ? decodePng(data) : decodeJpeg(data);
  } catch (err) {
    throw new UndecodableImageError(err instanceof Error ? err.message : String(err));
  }
  if (decoded.width < 1 || decoded.height < 1 || decoded.data.length < decoded.width * decoded.height * 4) {
    throw new UndecodableImageError('leeres Bild');
  }
  const size = fitWithin(decoded, MAX_STORED_SIDE, MAX_STORED_SIDE);
  return resizeRgba(decoded, size.width, size.height);
}

/**
 * Decodes an uploaded PNG or JPEG completely and answers the files to store: the re-encoded
 * original (at most MAX_STORED_SIDE px, same format; anything appended or hidden in metadata is
 * gone) and every variant of shared/images.ts. Throws UndecodableImageError for anything that
 * does not decode completely. The caller checks type and pixel count from the header first,
 * so memory stays bounded (25 MP x 4 bytes plus the downscaled copies).
 */
export function processImage(data: Buffer, type: 'png' | 'jpeg'): ProcessedImage {
  const stored = decodeForStorage(data, type);
  const mime = type === 'png' ? 'image/png' : 'image/jpeg';
  const encode = (img: Rgba) => (type === 'png' ? encodePng(img) : encodeJpeg(img, jpegQuality));
  const files: EncodedFile[] = [{ variant: 'original', data: encode(stored), mime, width: stored.width, height: stored.height }];
  for (const w of imageWidths) {
    const size = fitWithin(stored, w);
    const img = resizeRgba(stored, size.width, size.height);
    files.push({ variant: w, data: encode(img), mime, width: img.width, height: img.height });
  }
  const vcard = vcardJpeg(stored);
  const vSize = fitWithin(stored, vcardImage.maxSide, vcardImage.maxSide);
  files.push({ variant: 'vcard', data: vcard, mime: 'image/jpeg', width: vSize.width, height: vSize.height });
  return { type, width: stored.width, height: stored.height, files };
}
