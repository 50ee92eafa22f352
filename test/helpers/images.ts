import { deflateSync } from 'node:zlib';
import { pngChunk, solidPng } from '../../functions/lib/images/solid-png.ts';

/** A real PNG (RGB, one colour) of the given size. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [200, 30, 60]): Buffer {
  return solidPng(width, height, rgb);
}

/** Only the PNG header, claiming a size; enough for checks that must not decode the image. */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', ihdr), pngChunk('IEND', Buffer.alloc(0))]);
}

/**
 * A real baseline JPEG: one grey 8x8 block repeated, greyscale. Huffman tables hold a single
 * code each (DC category 0, AC end-of-block), so every block is two bits.
 */
export function makeJpeg(width = 8, height = 8): Buffer {
  const seg = (marker: number, data: number[]) => [0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff, ...data];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const bits = '00'.repeat(blocks);
  const padded = bits.padEnd(Math.ceil(bits.length / 8) * 8, '1');
  const scan: number[] = [];
  for (let i = 0; i < padded.length; i += 8) {
    const byte = parseInt(padded.slice(i, i + 8), 2);
    scan.push(byte);
    if (byte === 0xff) scan.push(0x00);
  }
  return Buffer.from([
    0xff, 0xd8,
    ...seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...seg(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    ...seg(0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
    ...seg(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...seg(0xc4, [0x10, 1, ...new Array<number>(15).fill(0), 0x00]),
    ...seg(0xda, [1, 1, 0x00, 0, 63, 0]),
    ...scan,
    0xff, 0xd9,
  ]);
}

export const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');

/** A multipart/form-data body built by hand, so tests control every byte. */
export function multipart(parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[], boundary = '----vk-test-boundary-1234') {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.contentType ? `Content-Type: ${p.contentType}\r\n` : ''}\r\n`));
    chunks.push(Buffer.isBuffer(p.data) ? p.data : Buffer.from(p.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Bits into bytes, with JPEG's byte stuffing (0xFF is followed by 0x00 in entropy-coded data). */
class JpegBits {
  readonly out: number[] = [];
  private cur = 0;
  private n = 0;
  put(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      this.cur = (this.cur << 1) | ((value >> i) & 1);
      if (++this.n === 8) {
        this.out.push(this.cur);
        if (this.cur === 0xff) this.out.push(0);
        this.cur = 0;
        this.n = 0;
      }
    }
  }
  /** Pads the last byte with 1 bits. */
  end(): number[] {
    if (this.n) this.put(0xff, 8 - this.n);
    return this.out;
  }
}

/**
 * A valid progressive greyscale JPEG of `scans` scans: the DC scan, then `scans - 1` identical AC
 * scans (coefficients 1-63) that hold nothing but end-of-band runs. Each costs a decoder a pass
 * over every block: 10,000 of them at 5000x5000 make a 440 KB file that keeps libvips busy ~20 s.
 */
export function progressiveJpegWithScans(width: number, height: number, scans: number): Buffer {
  const seg = (marker: number, data: number[]) => [0xff, marker, ((data.length + 2) >> 8) & 0xff, (data.length + 2) & 0xff, ...data];
  const blocks = Math.ceil(width / 8) * Math.ceil(height / 8);
  const dc = new JpegBits();
  for (let i = 0; i < blocks; i++) dc.put(0, 1);
  // End-of-band runs: EOBn (symbol n << 4, the 4-bit code n) plus n bits, a run of 2^n + those bits.
  const ac = new JpegBits();
  for (let left = blocks; left > 0;) {
    const run = Math.min(left, 32767);
    const n = Math.floor(Math.log2(run));
    ac.put(n, 4);
    ac.put(run - 2 ** n, n);
    left -= run;
  }
  const acScan = Buffer.from([...seg(0xda, [1, 1, 0x00, 1, 63, 0]), ...ac.end()]);
  return Buffer.concat([
    Buffer.from([
      0xff, 0xd8,
      ...seg(0xdb, [0, ...new Array<number>(64).fill(1)]),
      ...seg(0xc2, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 1, 1, 0x11, 0]),
      ...seg(0xc4, [0x00, 1, ...new Array<number>(15).fill(0), 0x00]),
      ...seg(0xc4, [0x10, 0, 0, 0, 15, ...new Array<number>(12).fill(0), ...Array.from({ length: 15 }, (_, n) => n << 4)]),
      ...seg(0xda, [1, 1, 0x00, 0, 0, 0]),
      ...dc.end(),
    ]),
    ...Array.from({ length: scans - 1 }, () => acScan),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/**
 * A logo as companies upload them: a transparent PNG (RGBA) with a mark in one colour (a ring
 * and a bar, about a third of the pixels), so only its own colour can make it stand out.
 */
export function makeTransparentLogo(width: number, height: number, rgb: [number, number, number]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const cx = height / 2;
  const cy = height / 2;
  const r = height * 0.42;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - cx, y - cy);
      const ring = d <= r && d >= r * 0.55;
      const bar = x >= height * 1.05 && x <= width * 0.95 && y >= height * 0.3 && y <= height * 0.7;
      if (ring || bar) row.set([...rgb, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
