import { encodePng } from '../../lib/images/pipeline.ts';
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

/** A square PNG in one colour: the icon Apple requires when a profile has no logo at all. */
export function solidPng(size: number, hex: string): Buffer {
  const h = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const rgba = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)).concat(255);
  return encodePng({ width: size, height: size, data: Uint8Array.from({ length: size * size * 4 }, (_, i) => rgba[i % 4]!) });
}
