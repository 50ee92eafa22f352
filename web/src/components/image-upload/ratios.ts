import type { UploadField } from '../../../../shared/schemas/upload.ts';
import { msg } from '../../../../shared/messages.ts';

/** Spec §5: person image 1.355, wallet image 2.61, wallet logo 1, everything else about 1.35. */
export const cropRatios: Record<UploadField, number> = {
  image: 1.355,
  imageWallet: 2.61,
  walletLogo: 1,
  logo: 1.35,
  appleLogo: 1.35,
};

/** Spec §5/§9: the cropped area is at least 100 px wide. */
export const MIN_CROP_WIDTH = 100;
const RATIO_TOLERANCE = 0.02;

/** The German error for a crop that breaks a rule, or null when it is fine. */
export function cropProblem(width: number, height: number, ratio: number): string | null {
  if (width < MIN_CROP_WIDTH) return msg.upload.tooSmall.replace('{min}', String(MIN_CROP_WIDTH));
  const actual = width / height;
  if (Math.abs(actual - ratio) > RATIO_TOLERANCE) {
    return msg.upload.ratio
      .replace('{ratio}', String(ratio))
      .replace('{w}', String(width))
      .replace('{h}', String(height))
      .replace('{actual}', actual.toFixed(3));
  }
  return null;
}
