// The QR code encoder alone: qrcode's core module, without the package's PNG, SVG and terminal
// renderers (its main entry loads pngjs and builds its tables at import, a cold start's cost for
// nothing: the virtual background draws the modules itself).
import type { QRCode, QRCodeErrorCorrectionLevel } from 'qrcode';
// @ts-expect-error: the package's types describe its main entry only; this is the same `create`.
import { create as createQr } from 'qrcode/lib/core/qrcode.js';
// @ts-expect-error: as above; the format bits (error correction level and mask) of the symbol.
import { getEncodedBits } from 'qrcode/lib/core/format-info.js';

type Create = (text: string, options: { errorCorrectionLevel: QRCodeErrorCorrectionLevel; maskPattern?: number }) => QRCode;
type Modules = QRCode['modules'] & { reservedBit: Uint8Array };

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

/** Writes the 15 format bits of mask `p` and the fixed dark module (qrcode's setupFormatInfo). */
function setFormat(data: Uint8Array, size: number, level: { bit: number }, p: number): void {
  const bits = getEncodedBits(level, p) as number;
  for (let i = 0; i < 15; i++) {
    const mod = (bits >> i) & 1;
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    data[row * size + 8] = mod;
    const col = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1;
    data[8 * size + col] = mod;
  }
  data[(size - 8) * size + 8] = 1;
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
 * The QR code of `text`, the same symbol qrcode makes (same segments, version and mask). qrcode
 * picks the mask by trying all eight through some 100,000 small calls (BitMatrix get/xor per
 * module), which a cold process runs interpreted: about 10 ms of a cold start. Here qrcode builds
 * the symbol under mask 0, and the same choice (lowest penalty, the first on a tie) is made over
 * the plain module array.
 */
export function createQrCode(text: string, options: { errorCorrectionLevel: QRCodeErrorCorrectionLevel }): QRCode {
  const qr = (createQr as Create)(text, { errorCorrectionLevel: options.errorCorrectionLevel, maskPattern: 0 });
  const modules = qr.modules as Modules;
  const { size, reservedBit: reserved } = modules;
  const level = qr.errorCorrectionLevel as unknown as { bit: number };
  const plain = Uint8Array.from(modules.data);
  applyMask(plain, reserved, size, 0);
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
  if (best !== 0) {
    setFormat(plain, size, level, best);
    applyMask(plain, reserved, size, best);
    modules.data.set(plain);
    (qr as { maskPattern: number }).maskPattern = best;
  }
  return qr;
}
