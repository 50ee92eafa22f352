import { once } from 'node:events';
import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

// A ZIP archive (APPNOTE 6.3.x, no ZIP64: our exports stay far below 4 GB and 65,535 entries):
// each entry deflated (stored when that is not smaller, as for JPEGs), names in UTF-8 (flag bit 11),
// times in MS-DOS format (UTC).

/** An entry given whole: deflated here (or stored when that is not smaller). */
export interface ZipDataEntry { name: string; data: Buffer | string }
/** An entry deflated beforehand, piece by piece (`deflateEntry`): raw deflate data, CRC-32 and size of the original. */
export interface ZipDeflatedEntry { name: string; deflated: Buffer; crc: number; size: number }
export type ZipEntry = ZipDataEntry | ZipDeflatedEntry;

/** Without ZIP64, sizes and offsets are 32 bits. */
const MAX_32 = 0xffffffff;

function dosTime(d: Date): { time: number; date: number } {
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | Math.floor(d.getUTCSeconds() / 2),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/** What goes into the archive for one entry: its bytes as written, how, and the original's CRC and size. */
function prepare(e: ZipEntry): { body: Buffer; stored: boolean; crc: number; size: number } {
  if ('deflated' in e) return { body: e.deflated, stored: false, crc: e.crc, size: e.size };
  const raw = typeof e.data === 'string' ? Buffer.from(e.data, 'utf8') : e.data;
  const deflated = deflateRawSync(raw);
  const stored = deflated.length >= raw.length;
  return { body: stored ? raw : deflated, stored, crc: crc32(raw), size: raw.length };
}

/**
 * One entry deflated from its text as it is produced (a generator of parts): only the compressed
 * output is held, never the whole text (a 10,000-row worksheet is ~10 MB of XML, ~1 MB deflated).
 */
export async function deflateEntry(name: string, parts: Iterable<string>): Promise<ZipDeflatedEntry> {
  const deflate = createDeflateRaw();
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  let crc = 0;
  let size = 0;
  try {
    for (const part of parts) {
      const bytes = Buffer.from(part, 'utf8');
      crc = crc32(bytes, crc);
      size += bytes.length;
      if (size > MAX_32) throw new Error(`${name}: größer als 4 GB, zu groß für ein ZIP ohne ZIP64`);
      // `once` rejects when the stream fails instead.
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    }
    const ended = once(deflate, 'end');
    deflate.end();
    await ended;
  } catch (err) {
    deflate.destroy();
    throw err;
  }
  return { name, deflated: Buffer.concat(out), crc, size };
}

export function zip(entries: readonly ZipEntry[], now = new Date()): Buffer {
  if (entries.length > 0xffff) throw new Error('zu viele Dateien für ein ZIP ohne ZIP64');
  const { time, date } = dosTime(now);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const { body, stored, crc, size } = prepare(e);
    if (offset > MAX_32 || body.length > MAX_32 || size > MAX_32) throw new Error('ZIP größer als 4 GB: ohne ZIP64 nicht möglich');
    const header = (sig: number, length: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(sig, 0);
      return b;
    };
    const local = header(0x04034b50, 30);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(stored ? 0 : 8, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const dir = header(0x02014b50, 46);
    dir.writeUInt16LE(0x031e, 4); // made by: Unix, 3.0
    dir.writeUInt16LE(20, 6);
    dir.writeUInt16LE(0x0800, 8);
    dir.writeUInt16LE(stored ? 0 : 8, 10);
    dir.writeUInt16LE(time, 12);
    dir.writeUInt16LE(date, 14);
    dir.writeUInt32LE(crc, 16);
    dir.writeUInt32LE(body.length, 20);
    dir.writeUInt32LE(size, 24);
    dir.writeUInt16LE(name.length, 28);
    dir.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    dir.writeUInt32LE(offset, 42);
    parts.push(local, name, body);
    central.push(dir, name);
    offset += local.length + name.length + body.length;
  }
  const cd = Buffer.concat(central);
  if (offset > MAX_32) throw new Error('ZIP größer als 4 GB: ohne ZIP64 nicht möglich');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, cd, end]);
}
