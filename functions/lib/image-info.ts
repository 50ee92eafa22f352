export interface ImageInfo {
  type: 'png' | 'jpeg';
  mime: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function pngInfo(b: Buffer): ImageInfo | null {
  // The IHDR chunk always comes first: length (4), "IHDR" (4), width (4), height (4).
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { type: 'png', mime: 'image/png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

// SOF markers carry the frame size; C4 (DHT), C8 (reserved) and CC (DAC) share the range but do not.
const isSof = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegInfo(b: Buffer): ImageInfo | null {
  let pos = 2;
  while (pos + 4 <= b.length) {
    if (b[pos] !== 0xff) return null;
    const marker = b[pos + 1]!;
    // Fill bytes and markers without a length (TEM, RSTn).
    if (marker === 0xff) { pos += 1; continue; }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) { pos += 2; continue; }
    if (marker === 0xd9 || marker === 0xda) return null;
    const length = b.readUInt16BE(pos + 2);
    if (length < 2) return null;
    if (isSof(marker)) {
      if (pos + 9 > b.length) return null;
      return { type: 'jpeg', mime: 'image/jpeg', height: b.readUInt16BE(pos + 5), width: b.readUInt16BE(pos + 7) };
    }
    pos += 2 + length;
  }
  return null;
}

/**
 * Recognises PNG and JPEG by their bytes (never by name or declared type) and reads the pixel
 * size from the header. Null for anything else, including a truncated header.
 */
export function readImageInfo(b: Buffer): ImageInfo | null {
  if (b.length >= 8 && b.subarray(0, 8).equals(PNG_SIGNATURE)) return pngInfo(b);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return jpegInfo(b);
  return null;
}

/** A name for what the bytes are, for the "not supported" message. */
export function sniffType(b: Buffer): string | null {
  const head = b.subarray(0, 16).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  if (head.startsWith('%PDF')) return 'application/pdf';
  if (head.startsWith('BM')) return 'image/bmp';
  if (head.slice(4, 12) === 'ftypavif' || head.slice(4, 12) === 'ftypheic') return head.slice(8, 12) === 'avif' ? 'image/avif' : 'image/heic';
  if (/^\s*<(\?xml|svg)/i.test(b.subarray(0, 256).toString('utf8'))) return 'image/svg+xml';
  if (b.subarray(0, 64).every((c) => c === 0x09 || c === 0x0a || c === 0x0d || (c >= 0x20 && c < 0x7f))) return 'text/plain';
  return null;
}
