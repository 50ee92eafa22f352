// Opens an uploaded .xlsx (a zip) only within fixed bounds, before any XLSX parser sees it: a zip
// bomb (a few KB that inflate to gigabytes) or entries whose real size exceeds what they declare stop
// at the first byte over the limit (zlib's maxOutputLength), in milliseconds.
import { inflateRawSync } from 'node:zlib';

export type ZipProblem = 'notZip' | 'tooBig' | 'corrupt';

export class ZipGuardError extends Error {
  readonly problem: ZipProblem;
  constructor(problem: ZipProblem) {
    super(`zip: ${problem}`);
    this.problem = problem;
  }
}

export interface ZipLimits {
  /** Inflated bytes of all entries together. */
  maxTotalBytes: number;
  maxEntries: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;

/** Zip files start with a local file header (`PK\3\4`). */
export function isZip(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

function endRecord(buf: Buffer): number {
  // The end record is 22 bytes plus a comment of at most 65,535 bytes.
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (buf.readUInt32LE(i) === END) return i;
  }
  throw new ZipGuardError('corrupt');
}

/**
 * Every entry of the zip, inflated, checked against the limits: at most `maxEntries`, each no
 * larger than it declares, all together no more than `maxTotalBytes`. Stored and deflated entries
 * only (what spreadsheet programs write); zip64 and encryption are refused.
 */
export function openZip(bytes: Uint8Array, limits: ZipLimits): Map<string, Buffer> {
  if (!isZip(bytes)) throw new ZipGuardError('notZip');
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const end = endRecord(buf);
    const count = buf.readUInt16LE(end + 10);
    const dirOffset = buf.readUInt32LE(end + 16);
    if (count > limits.maxEntries) throw new ZipGuardError('tooBig');
    if (count === 0xffff || dirOffset === 0xffffffff) throw new ZipGuardError('corrupt');
    // First what the directory declares (a bomb that says what it is stops here, before any inflating).
    let declared = 0;
    for (let n = 0, q = dirOffset; n < count; n++) {
      if (buf.readUInt32LE(q) !== CENTRAL) throw new ZipGuardError('corrupt');
      declared += buf.readUInt32LE(q + 24);
      if (declared > limits.maxTotalBytes) throw new ZipGuardError('tooBig');
      q += 46 + buf.readUInt16LE(q + 28) + buf.readUInt16LE(q + 30) + buf.readUInt16LE(q + 32);
    }
    const entries = new Map<string, Buffer>();
    let total = 0;
    let p = dirOffset;
    for (let n = 0; n < count; n++) {
      if (buf.readUInt32LE(p) !== CENTRAL) throw new ZipGuardError('corrupt');
      const flags = buf.readUInt16LE(p + 8);
      const method = buf.readUInt16LE(p + 10);
      const compressed = buf.readUInt32LE(p + 20);
      const size = buf.readUInt32LE(p + 24);
      const nameLength = buf.readUInt16LE(p + 28);
      const extraLength = buf.readUInt16LE(p + 30);
      const commentLength = buf.readUInt16LE(p + 32);
      const local = buf.readUInt32LE(p + 42);
      const name = buf.toString('utf8', p + 46, p + 46 + nameLength);
      p += 46 + nameLength + extraLength + commentLength;
      if (flags & 0x1) throw new ZipGuardError('corrupt');
      total += size;
      if (total > limits.maxTotalBytes) throw new ZipGuardError('tooBig');
      if (buf.readUInt32LE(local) !== LOCAL) throw new ZipGuardError('corrupt');
      const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
      if (start + compressed > buf.length) throw new ZipGuardError('corrupt');
      const data = buf.subarray(start, start + compressed);
      let content: Buffer;
      if (method === 0) content = data;
      else if (method === 8) {
        try {
          // One byte more than declared is enough to know it lies.
          content = inflateRawSync(data, { maxOutputLength: size + 1 });
        } catch (err) {
          throw new ZipGuardError(err instanceof RangeError ? 'tooBig' : 'corrupt');
        }
      } else throw new ZipGuardError('corrupt');
      if (content.length !== size) throw new ZipGuardError(content.length > size ? 'tooBig' : 'corrupt');
      if (!name.endsWith('/')) entries.set(name, content);
    }
    return entries;
  } catch (err) {
    if (err instanceof ZipGuardError) throw err;
    // Offsets pointing outside the file (RangeError from the reads): a broken zip.
    throw new ZipGuardError('corrupt');
  }
}
