/**
 * At most this many scans in a progressive JPEG. Every scan is a pass over the whole picture's
 * coefficients, so a file of thousands of nearly empty scans (440 KB for 10,000 at 5000x5000)
 * keeps a decoder busy for many seconds (libvips: about 2 ms per scan at 25 MP). Encoders write
 * about 10 (libjpeg's progressive script) to a few dozen; NVIDIA's nvImageCodec refuses more than
 * 256 for the same reason. 100 scans of 25 MP cost at most about 0.2 s.
 */
export const MAX_JPEG_SCANS = 100;

/** RSTn and TEM stand alone (no length); inside entropy-coded data only RSTn may follow 0xFF. */
const isRestart = (m: number) => m >= 0xd0 && m <= 0xd7;

/**
 * The number of scans (SOS segments) in a JPEG, counted by walking its markers without decoding;
 * counting stops once `stopAbove` is exceeded. Entropy-coded data is skipped by looking for the
 * next marker (0xFF not followed by 0x00 or a restart marker).
 */
export function countJpegScans(b: Buffer, stopAbove = MAX_JPEG_SCANS): number {
  let scans = 0;
  let pos = 2;
  while (pos + 1 < b.length) {
    if (b[pos] !== 0xff) return scans;
    const marker = b[pos + 1]!;
    if (marker === 0xff) { pos += 1; continue; }
    if (marker === 0xd9) return scans;
    if (marker === 0x01 || marker === 0xd8 || isRestart(marker)) { pos += 2; continue; }
    if (pos + 4 > b.length) return scans;
    pos += 2 + b.readUInt16BE(pos + 2);
    if (marker !== 0xda) continue;
    if (++scans > stopAbove) return scans;
    // Skip the scan's entropy-coded data up to the next real marker.
    for (;;) {
      pos = b.indexOf(0xff, pos);
      if (pos < 0 || pos + 1 >= b.length) return scans;
      const next = b[pos + 1]!;
      if (next !== 0x00 && !isRestart(next) && next !== 0xff) break;
      pos += next === 0xff ? 1 : 2;
    }
  }
  return scans;
}
