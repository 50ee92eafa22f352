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

/**
 * Logos are cropped freely (a 3:1 wordmark is never cut to the box) and then fitted into the box of
 * the field's ratio with transparent padding (`logoBox`); photos are cropped to the ratio itself.
 */
export const logoFields: ReadonlySet<UploadField> = new Set(['logo', 'appleLogo', 'walletLogo']);

/** Spec §5/§9: the cropped area is at least 100 px wide. */
export const MIN_CROP_WIDTH = 100;
const RATIO_TOLERANCE = 0.02;
/** The largest side the cropper exports; the server keeps at most 2048 px anyway. */
export const MAX_EXPORT_SIDE = 2400;

/** The German error for a crop that breaks a rule, or null when it is fine. `ratio` undefined: a free (logo) crop. */
export function cropProblem(width: number, height: number, ratio: number | undefined): string | null {
  if (width < MIN_CROP_WIDTH) return msg.upload.tooSmall.replace('{min}', String(MIN_CROP_WIDTH));
  if (ratio === undefined) return null;
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

/**
 * Where a `width` x `height` logo crop goes in the box of `ratio` (width / height): the box is as
 * small as holds the whole crop, the crop centred, the rest transparent padding. Capped at
 * MAX_EXPORT_SIDE, scaled down as a whole.
 */
export function logoBox(width: number, height: number, ratio: number): { boxWidth: number; boxHeight: number; x: number; y: number; w: number; h: number } {
  let boxWidth = Math.max(width, height * ratio);
  let boxHeight = boxWidth / ratio;
  const scale = Math.min(1, MAX_EXPORT_SIDE / Math.max(boxWidth, boxHeight));
  boxWidth = Math.round(boxWidth * scale);
  boxHeight = Math.round(boxHeight * scale);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return { boxWidth, boxHeight, x: Math.round((boxWidth - w) / 2), y: Math.round((boxHeight - h) / 2), w, h };
}
