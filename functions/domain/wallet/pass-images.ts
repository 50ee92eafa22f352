import { solidPng } from '../../lib/images/solid-png.ts';
import { log } from '../../lib/log.ts';
import { uploads } from '../../lib/storage/index.ts';
import { uploadStorageKey } from '../uploads/storage-keys.ts';
import { variantFilename } from '../../../shared/images.ts';
import type { PassImageName, PassScale } from '../../../shared/images.ts';
import type { WalletImage } from '../../../shared/card/wallet.ts';

// Pass images are made once at upload at Apple's and Google's sizes (shared/images.ts passImages);
// nothing is resized while a pass is built. An upload from before that pipeline has none until
// `npm run images:reprocess` (the reprocess job in AWS) made them: the pass goes without that image.

/** The stored pass image of an upload at one scale; undefined when the upload has none. */
export async function readPassImage(image: WalletImage | undefined, pass: PassImageName, scale: PassScale = 1): Promise<Buffer | undefined> {
  if (!image) return undefined;
  const name = variantFilename(image.file, { pass, scale });
  // A pass without this image beats no pass: a read that fails (S3's 403 for a missing object where
  // the prefix cannot be listed) is logged and treated as missing.
  const file = await uploads().get(uploadStorageKey(name)).catch((err: unknown) => {
    log('error', 'pass image not readable: check the function\'s grant on images/ (s3:GetObject, s3:ListBucket)', { file: name, error: err instanceof Error ? err.message : String(err) });
    return null;
  });
  if (file === undefined) log('warn', 'pass image missing: run the image reprocess job (npm run images:reprocess locally)', { file: name });
  return file?.body;
}

/** Whether an upload has its pass image (Google loads it by URL). */
export async function hasPassImage(image: WalletImage, pass: PassImageName): Promise<boolean> {
  const name = variantFilename(image.file, { pass });
  const found = await uploads().exists(uploadStorageKey(name));
  if (!found) log('warn', 'pass image missing: run the image reprocess job (npm run images:reprocess locally)', { file: name });
  return found;
}

/** A square PNG in one colour: the icon Apple requires when a profile has no logo at all. */
export function solidIcon(size: number, hex: string): Buffer {
  const h = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
  return solidPng(size, size, [r, g, b]);
}
