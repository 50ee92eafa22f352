import { deflateSync, crc32 } from 'node:zlib';
import { uploads } from '../../lib/storage/index.ts';
import { uploadStorageKey } from '../uploads/save-upload.ts';
import { variantFilename } from '../../../shared/images.ts';
import type { ImageWidth } from '../../../shared/images.ts';
import type { WalletImage } from '../../../shared/card/wallet.ts';

// Pass images come from the variants the upload stored (shared/images.ts); nothing is resized
// here. An upload from before the pipeline has no variants: its original stands in.

/** The stored variant of `width`, else the original; undefined when neither exists. */
export async function readVariant(image: WalletImage | undefined, width: ImageWidth): Promise<Buffer | undefined> {
  if (!image) return undefined;
  const variant = await uploads().get(uploadStorageKey(variantFilename(image.file, width)));
  if (variant) return variant.body;
  return (await uploads().get(uploadStorageKey(image.file)))?.body;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A square PNG in one colour: the icon Apple requires when a profile has no logo at all. */
export function solidPng(size: number, hex: string): Buffer {
  const h = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const rgb = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3).map((_, i) => rgb[i % 3]!)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: size }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
