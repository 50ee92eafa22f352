/**
 * The image pipeline's names, shared by server (upload, serving, company delete), web (srcset),
 * vCard and wallet passes, so nobody guesses a file name.
 *
 * At upload time the server decodes the image completely and stores, next to the re-encoded
 * original (`<uuid>.png` / `<uuid>.jpg`):
 * - one width variant per entry of `imageWidths`: `<uuid>.w320.png` etc., SAME format as the
 *   original (PNG keeps transparency for logos, JPEG stays JPEG for photos). A variant is never
 *   upscaled: for an image narrower than the width, the variant has the original's size. So EVERY
 *   variant name of an upload exists, whatever the original's size.
 * - `vcard`: `<uuid>.vcard.jpg`, a JPEG of at most `vcardImage.maxSide` px on its longer side and
 *   well under `vcardImage.maxBytes` (transparent pixels on white), for the PHOTO of a vCard.
 * All of them are served by `GET /api/upload/{field}/{filename}` with immutable cache headers;
 * no request ever resizes on the fly and no visitor needs the original.
 */

/** Widths of the stored variants, ascending (for `srcset` with `w` descriptors). */
export const imageWidths = [160, 320, 640, 1024] as const;
export type ImageWidth = (typeof imageWidths)[number];

/** A stored variant: a width from `imageWidths`, or the vCard JPEG. */
export type ImageVariant = ImageWidth | 'vcard';

/** The vCard photo: small enough to embed base64 in a .vcf. */
export const vcardImage = { maxSide: 256, maxBytes: 50 * 1024, quality: 80 } as const;

/** JPEG quality of re-encoded photos and width variants. */
export const jpegQuality = 85;

/**
 * `abc.png` + 320 -> `abc.w320.png`; `abc.png` + 'vcard' -> `abc.vcard.jpg`.
 * The stored original keeps its own name; pass the name the upload route returned.
 */
export function variantFilename(filename: string, variant: ImageVariant): string {
  const dot = filename.lastIndexOf('.');
  const base = dot > 0 ? filename.slice(0, dot) : filename;
  const ext = dot > 0 ? filename.slice(dot + 1) : '';
  if (variant === 'vcard') return `${base}.vcard.jpg`;
  return `${base}.w${variant}${ext ? `.${ext}` : ''}`;
}

/** Every derived file name of an upload (for deletion and CDN invalidation). */
export function allVariantFilenames(filename: string): string[] {
  return [...imageWidths.map((w) => variantFilename(filename, w)), variantFilename(filename, 'vcard')];
}

/** The smallest stored width at least `px` wide (the largest when none is). */
export function widthFor(px: number): ImageWidth {
  return imageWidths.find((w) => w >= px) ?? imageWidths[imageWidths.length - 1]!;
}

/**
 * A `srcset` value for an uploaded image: `/api/upload/image/abc.w160.png 160w, ...`.
 * `field` is the upload field the URL names (`image`, `logo`, ...), as in `uploadUrl`.
 */
export function imageSrcset(field: string, filename: string): string {
  return imageWidths.map((w) => `/api/upload/${field}/${encodeURIComponent(variantFilename(filename, w))} ${w}w`).join(', ');
}
