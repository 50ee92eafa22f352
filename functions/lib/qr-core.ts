// The QR code encoder of every QR code the functions make (ISO/IEC 18004: the virtual background,
// qr-code.ts's SVG), the same symbol the qrcode package makes: qrcode's own segmentation and version choice and its tables (segments.js,
// version.js, error-correction-code.js), then the symbol built here over plain byte arrays. qrcode
// builds it through objects (BitBuffer, BitMatrix, Polynomial) with a call per bit and per module,
// which a cold process runs interpreted: these loops cost a cold start ~4 ms less (bench coldStart
// A/B, cardBackground).
// test/unit/qr-core.test.ts compares every module with qrcode's for hundreds of texts and all levels.
import type { QRCodeErrorCorrectionLevel } from 'qrcode';
// @ts-expect-error: the package's types describe its main entry only.
import { fromString, rawSplit } from 'qrcode/lib/core/segments.js';
// @ts-expect-error: as above.
import { getBestVersionForData, getEncodedBits as versionBits } from 'qrcode/lib/core/version.js';
// @ts-expect-error: as above.
import { getBlocksCount, getTotalCodewordsCount } from 'qrcode/lib/core/error-correction-code.js';
// @ts-expect-error: as above.
import { getPositions as alignmentPositions } from 'qrcode/lib/core/alignment-pattern.js';
// @ts-expect-error: as above.
import { getCharCountIndicator } from 'qrcode/lib/core/mode.js';
// @ts-expect-error: as above.
import { getSymbolSize, getSymbolTotalCodewords } from 'qrcode/lib/core/utils.js';
// @ts-expect-error: as above.
import { from as levelFrom } from 'qrcode/lib/core/error-correction-level.js';
// @ts-expect-error: as above; the format bits (error correction level and mask) of the symbol.
import { getEncodedBits } from 'qrcode/lib/core/format-info.js';

type Level = { bit: number };
/** What qrcode's segments offer: their mode, length and a writer of their data bits. */
interface Segment { mode: { bit: number }; getLength(): number; write(buffer: { put(value: number, length: number): void }): void }

/** The symbol: `size` x `size` modules, row by row, 1 dark. */
export interface QrSymbol {
  version: number;
  maskPattern: number;
  modules: { size: number; data: Uint8Array };
}

/** Bits appended most significant first into whole bytes (qrcode's BitBuffer, over a fixed array). */
class Bits {
  readonly bytes: Uint8Array;
  length = 0;
  constructor(capacityBytes: number) {
    this.bytes = new Uint8Array(capacityBytes);
  }

  put(value: number, length: number): void {
    for (let i = length - 1; i >= 0; i--) {
      if ((value >>> i) & 1) this.bytes[this.length >>> 3]! |= 0x80 >>> (this.length & 7);
      this.length++;
    }
  }
}

// GF(256) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11d); the exponent table doubled so a
// product needs no modulo.
const EXP = new Uint8Array(512);
const LOG = new Uint8Array(256);
for (let i = 0, x = 1; i < 255; i++) {
  EXP[i] = x;
  LOG[x] = i;
  x <<= 1;
  if (x & 0x100) x ^= 0x11d;
}
for (let i = 255; i < 512; i++) EXP[i] = EXP[i - 255]!;

/** The generator polynomial of `degree` error correction codewords, (x - a^0)...(x - a^(degree-1)), highest term first. */
function generator(degree: number): Uint8Array {
  let poly = new Uint8Array([1]);
  for (let i = 0; i < degree; i++) {
    const next = new Uint8Array(poly.length + 1);
    for (let j = 0; j < poly.length; j++) {
      next[j]! ^= poly[j]!;
      if (poly[j]) next[j + 1]! ^= EXP[LOG[poly[j]!]! + i]!;
    }
    poly = next;
  }
  return poly;
}

/** The error correction codewords of one block: the remainder of data * x^degree divided by the generator. */
function errorCorrection(data: Uint8Array, gen: Uint8Array): Uint8Array {
  const degree = gen.length - 1;
  const rem = new Uint8Array(degree);
  for (let i = 0; i < data.length; i++) {
    const factor = data[i]! ^ rem[0]!;
    rem.copyWithin(0, 1);
    rem[degree - 1] = 0;
    if (factor === 0) continue;
    const logFactor = LOG[factor]!;
    for (let j = 0; j < degree; j++) if (gen[j + 1]) rem[j]! ^= EXP[LOG[gen[j + 1]!]! + logFactor]!;
  }
  return rem;
}

/** The final codewords: segments, terminator, padding, then blocks with their error correction, interleaved (qrcode's createData and createCodewords). */
function codewords(segments: Segment[], version: number, level: Level): Uint8Array {
  const total = getSymbolTotalCodewords(version) as number;
  const ecTotal = getTotalCodewordsCount(version, level) as number;
  const dataTotal = total - ecTotal;
  const bits = new Bits(dataTotal);
  for (const s of segments) {
    bits.put(s.mode.bit, 4);
    bits.put(s.getLength(), getCharCountIndicator(s.mode, version) as number);
    s.write(bits);
  }
  // The terminator where four bits are left, then zeros to the byte, then the pad bytes.
  if (bits.length + 4 <= dataTotal * 8) bits.length += 4;
  bits.length = Math.ceil(bits.length / 8) * 8;
  for (let i = bits.length / 8, k = 0; i < dataTotal; i++, k++) bits.bytes[i] = k % 2 ? 0x11 : 0xec;

  const blocks = getBlocksCount(version, level) as number;
  const inGroup2 = total % blocks;
  const inGroup1 = blocks - inGroup2;
  const dataInGroup1 = Math.floor(dataTotal / blocks);
  const ecCount = Math.floor(total / blocks) - dataInGroup1;
  const gen = generator(ecCount);
  const data: Uint8Array[] = [];
  const ec: Uint8Array[] = [];
  for (let b = 0, offset = 0; b < blocks; b++) {
    const size = b < inGroup1 ? dataInGroup1 : dataInGroup1 + 1;
    const block = bits.bytes.subarray(offset, offset + size);
    data.push(block);
    ec.push(errorCorrection(block, gen));
    offset += size;
  }
  const out = new Uint8Array(total);
  let n = 0;
  for (let i = 0; i <= dataInGroup1; i++) for (const block of data) if (i < block.length) out[n++] = block[i]!;
  for (let i = 0; i < ecCount; i++) for (const block of ec) out[n++] = block[i]!;
  return out;
}

/** Finder, timing and alignment patterns, the format area (placeholder) and version information, in qrcode's order. */
function functionPatterns(data: Uint8Array, reserved: Uint8Array, size: number, version: number, level: Level): void {
  const set = (row: number, col: number, dark: boolean | number) => {
    data[row * size + col] = dark ? 1 : 0;
    reserved[row * size + col] = 1;
  };
  for (const [row, col] of [[0, 0], [size - 7, 0], [0, size - 7]] as const) {
    for (let r = -1; r <= 7; r++) {
      if (row + r < 0 || row + r >= size) continue;
      for (let c = -1; c <= 7; c++) {
        if (col + c < 0 || col + c >= size) continue;
        set(row + r, col + c, (r >= 0 && r <= 6 && (c === 0 || c === 6)) || (c >= 0 && c <= 6 && (r === 0 || r === 6)) || (r >= 2 && r <= 4 && c >= 2 && c <= 4));
      }
    }
  }
  for (let i = 8; i < size - 8; i++) {
    set(i, 6, i % 2 === 0);
    set(6, i, i % 2 === 0);
  }
  for (const [row, col] of alignmentPositions(version) as [number, number][]) {
    for (let r = -2; r <= 2; r++) for (let c = -2; c <= 2; c++) set(row + r, col + c, r === -2 || r === 2 || c === -2 || c === 2 || (r === 0 && c === 0));
  }
  setFormat(data, size, level, 0, reserved);
  if (version >= 7) {
    const bits = versionBits(version) as number;
    for (let i = 0; i < 18; i++) {
      const a = Math.floor(i / 3);
      const b = (i % 3) + size - 11;
      set(a, b, (bits >> i) & 1);
      set(b, a, (bits >> i) & 1);
    }
  }
}

/** The codewords into the free modules: two-column strips from the bottom right, up and down in turn, column 6 skipped. */
function placeData(data: Uint8Array, reserved: Uint8Array, size: number, words: Uint8Array): void {
  let bit = 0;
  const total = words.length * 8;
  for (let right = size - 1, upward = true; right > 0; right -= 2, upward = !upward) {
    if (right === 6) right = 5;
    for (let k = 0; k < size; k++) {
      const row = upward ? size - 1 - k : k;
      for (let c = 0; c < 2; c++) {
        const i = row * size + right - c;
        if (reserved[i]) continue;
        data[i] = bit < total ? (words[bit >>> 3]! >>> (7 - (bit & 7))) & 1 : 0;
        bit++;
      }
    }
  }
}

/** Whether mask `p` flips the module at row `i`, column `j` (ISO/IEC 18004, 7.8.2; qrcode's getMaskAt). */
function maskAt(p: number, i: number, j: number): boolean {
  switch (p) {
    case 0: return (i + j) % 2 === 0;
    case 1: return i % 2 === 0;
    case 2: return j % 3 === 0;
    case 3: return (i + j) % 3 === 0;
    case 4: return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5: return (i * j) % 2 + (i * j) % 3 === 0;
    case 6: return ((i * j) % 2 + (i * j) % 3) % 2 === 0;
    default: return ((i * j) % 3 + (i + j) % 2) % 2 === 0;
  }
}

/** Writes the 15 format bits of mask `p` and the fixed dark module (qrcode's setupFormatInfo); marks them in `reserved` when given. */
function setFormat(data: Uint8Array, size: number, level: { bit: number }, p: number, reserved?: Uint8Array): void {
  const bits = getEncodedBits(level, p) as number;
  const set = (i: number, mod: number) => {
    data[i] = mod;
    if (reserved) reserved[i] = 1;
  };
  for (let i = 0; i < 15; i++) {
    const mod = (bits >> i) & 1;
    set((i < 6 ? i : i < 8 ? i + 1 : size - 15 + i) * size + 8, mod);
    set(8 * size + (i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1), mod);
  }
  set((size - 8) * size + 8, 1);
}

/**
 * Flips the data modules (not the reserved ones) under mask `p`: each module's rule depends only
 * on its row modulo 12 and column modulo 6, so the rule is evaluated once per residue pair and the
 * modules are flipped from that table (a cold process runs this interpreted: fewer steps count).
 */
function applyMask(data: Uint8Array, reserved: Uint8Array, size: number, p: number): void {
  const table = new Uint8Array(72);
  for (let i = 0; i < 12; i++) for (let j = 0; j < 6; j++) table[i * 6 + j] = maskAt(p, i, j) ? 1 : 0;
  for (let i = 0; i < size; i++) {
    const rowTable = (i % 12) * 6;
    const row = i * size;
    for (let j = 0, jm = 0; j < size; j++, jm = jm === 5 ? 0 : jm + 1) {
      if (!reserved[row + j]) data[row + j]! ^= table[rowTable + jm]!;
    }
  }
}

/** The penalty of a masked symbol: rules N1 to N4 exactly as qrcode's getPenaltyN1..N4 count them. */
function penalty(d: Uint8Array, size: number): number {
  let n1 = 0;
  let n3 = 0;
  let dark = 0;
  for (let row = 0; row < size; row++) {
    let sameCol = 0;
    let sameRow = 0;
    let lastCol = -1;
    let lastRow = -1;
    let bitsCol = 0;
    let bitsRow = 0;
    for (let col = 0; col < size; col++) {
      const a = d[row * size + col]!;
      dark += a;
      if (a === lastCol) sameCol++;
      else {
        if (sameCol >= 5) n1 += 3 + (sameCol - 5);
        lastCol = a;
        sameCol = 1;
      }
      const b = d[col * size + row]!;
      if (b === lastRow) sameRow++;
      else {
        if (sameRow >= 5) n1 += 3 + (sameRow - 5);
        lastRow = b;
        sameRow = 1;
      }
      bitsCol = ((bitsCol << 1) & 0x7ff) | a;
      if (col >= 10 && (bitsCol === 0x5d0 || bitsCol === 0x05d)) n3++;
      bitsRow = ((bitsRow << 1) & 0x7ff) | b;
      if (col >= 10 && (bitsRow === 0x5d0 || bitsRow === 0x05d)) n3++;
    }
    if (sameCol >= 5) n1 += 3 + (sameCol - 5);
    if (sameRow >= 5) n1 += 3 + (sameRow - 5);
  }
  let n2 = 0;
  for (let row = 0; row < size - 1; row++) {
    for (let col = 0; col < size - 1; col++) {
      const sum = d[row * size + col]! + d[row * size + col + 1]! + d[(row + 1) * size + col]! + d[(row + 1) * size + col + 1]!;
      if (sum === 4 || sum === 0) n2++;
    }
  }
  const k = Math.abs(Math.ceil((dark * 100 / d.length) / 5) - 10);
  return n1 + n2 * 3 + n3 * 40 + k * 10;
}

/**
 * The QR code of `text`, the same symbol qrcode makes: its segments and smallest version, and the
 * mask of lowest penalty (the first on a tie), chosen over the plain module array.
 */
export function createQrCode(text: string, options: { errorCorrectionLevel: QRCodeErrorCorrectionLevel }): QrSymbol {
  if (!text) throw new Error('QR-Code ohne Text');
  const level = levelFrom(options.errorCorrectionLevel) as Level;
  const estimated = getBestVersionForData(rawSplit(text), level) as number | undefined;
  const segments = fromString(text, estimated || 40) as Segment[];
  const version = getBestVersionForData(segments, level) as number | undefined;
  if (!version) throw new Error('Zu viele Zeichen für einen QR-Code');
  const size = getSymbolSize(version) as number;
  const plain = new Uint8Array(size * size);
  const reserved = new Uint8Array(size * size);
  functionPatterns(plain, reserved, size, version, level);
  placeData(plain, reserved, size, codewords(segments, version, level));
  let best = 0;
  let lowest = Infinity;
  const trial = new Uint8Array(plain.length);
  for (let p = 0; p < 8; p++) {
    trial.set(plain);
    setFormat(trial, size, level, p);
    applyMask(trial, reserved, size, p);
    const score = penalty(trial, size);
    if (score < lowest) {
      lowest = score;
      best = p;
    }
  }
  setFormat(plain, size, level, best);
  applyMask(plain, reserved, size, best);
  return { version, maskPattern: best, modules: { size, data: plain } };
}
