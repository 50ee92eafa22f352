import * as XLSX from '@e965/xlsx';
import { inflateRawSync } from 'node:zlib';

// The independent reader of our XLSX files (GUIDE: what we write is read back by a different
// library than the one that wrote it): SheetJS, not ExcelTS.

export interface ReadSheet {
  name: string;
  sheet: XLSX.WorkSheet;
  /** Header texts of row 1. */
  header: string[];
  /** The cell under `column` (header text) in data row `i` (0 = the first row below the header). */
  cell: (i: number, column: string) => XLSX.CellObject | undefined;
  rows: number;
}

export function readXlsx(bytes: Uint8Array, sheetIndex = 0): ReadSheet & { book: XLSX.WorkBook } {
  const book = XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true, cellStyles: true, dense: false });
  const name = book.SheetNames[sheetIndex]!;
  const sheet = book.Sheets[name]!;
  const range = XLSX.utils.decode_range(sheet['!ref']!);
  const header: string[] = [];
  for (let c = range.s.c; c <= range.e.c; c++) header.push(String(sheet[XLSX.utils.encode_cell({ r: 0, c })]?.v ?? ''));
  const cell = (i: number, column: string) => {
    const c = header.indexOf(column);
    if (c < 0) throw new Error(`Spalte ${column} fehlt: ${header.join(', ')}`);
    return sheet[XLSX.utils.encode_cell({ r: i + 1, c })] as XLSX.CellObject | undefined;
  };
  return { book, name, sheet, header, cell, rows: range.e.r };
}

/** Every formula of the workbook, as SheetJS sees them (cells with `f`). */
export function formulas(book: XLSX.WorkBook): string[] {
  return book.SheetNames.flatMap((n) => Object.entries(book.Sheets[n]!).filter(([k, c]) => !k.startsWith('!') && (c as XLSX.CellObject).f).map(([k]) => `${n}!${k}`));
}

/** The raw XML of a zip entry (a tiny reader of our own, independent of both libraries). */
export function zipEntry(bytes: Buffer, name: string): string | undefined {
  for (let p = 0; p + 30 < bytes.length;) {
    if (bytes.readUInt32LE(p) !== 0x04034b50) return undefined;
    const method = bytes.readUInt16LE(p + 8);
    const flags = bytes.readUInt16LE(p + 6);
    const size = bytes.readUInt32LE(p + 18);
    const nameLength = bytes.readUInt16LE(p + 26);
    const extra = bytes.readUInt16LE(p + 28);
    const entryName = bytes.toString('utf8', p + 30, p + 30 + nameLength);
    const start = p + 30 + nameLength + extra;
    if (flags & 0x8) {
      // Sizes follow the data (streamed zip): use the central directory instead.
      return centralEntry(bytes, name);
    }
    if (entryName === name) return (method === 8 ? inflateRawSync(bytes.subarray(start, start + size)) : bytes.subarray(start, start + size)).toString('utf8');
    p = start + size;
  }
  return undefined;
}

function centralEntry(bytes: Buffer, name: string): string | undefined {
  let end = bytes.length - 22;
  while (end > 0 && bytes.readUInt32LE(end) !== 0x06054b50) end--;
  let p = bytes.readUInt32LE(end + 16);
  const count = bytes.readUInt16LE(end + 10);
  for (let n = 0; n < count; n++) {
    const method = bytes.readUInt16LE(p + 10);
    const size = bytes.readUInt32LE(p + 20);
    const nameLength = bytes.readUInt16LE(p + 28);
    const entryName = bytes.toString('utf8', p + 46, p + 46 + nameLength);
    const local = bytes.readUInt32LE(p + 42);
    if (entryName === name) {
      const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
      return (method === 8 ? inflateRawSync(bytes.subarray(start, start + size)) : bytes.subarray(start, start + size)).toString('utf8');
    }
    p += 46 + nameLength + bytes.readUInt16LE(p + 30) + bytes.readUInt16LE(p + 32);
  }
  return undefined;
}
