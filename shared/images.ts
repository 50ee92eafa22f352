/**
 * The image pipeline's names and sizes, shared by server (upload, serving, company delete, passes),
 * web (`<picture>`, srcset, previews) and the reprocess job, so nobody guesses a file name.
 *
 * At upload time the server decodes the image completely and stores, next to the re-encoded
 * original (`<uuid>.jpg` for an opaque image, `<uuid>.png` only where there is transparency):
 * - width variants: per entry of `imageWidths` one in the original's own format (the fallback:
 *   `<uuid>.w320.jpg`) and one in WebP (`<uuid>.w320.webp`), per entry of `avifWidths` one in AVIF
 *   (`<uuid>.w800.avif`). A variant is never upscaled: for an image narrower than the width it has
 *   the original's size, so EVERY variant name of an upload exists.
 * - `vcard`: `<uuid>.vcard.jpg`, at most `vcardImage.maxSide` px and `vcardImage.maxBytes`
 *   (transparent pixels on white), for the PHOTO of a vCard.
 * - the pass images of `passImages` at Apple's and Google's sizes (`<uuid>.apple-logo-2x.png`,
 *   `<uuid>.google-hero.jpg`, …): a pass never resizes anything while it is built.
 * All of them are served by `GET /api/upload/{field}/{filename}` with immutable cache headers; no
 * request resizes on the fly and no visitor needs the original.
 */

/** Widths of the fallback (the original's format) and WebP variants, ascending (`srcset` with `w` descriptors). */
export const imageWidths = [160, 320, 640, 1024] as const;
/**
 * AVIF, which nearly every browser takes, comes in finer steps, so a phone gets close to the size
 * it draws: 390 px at DPR 2 needs 780, and gets 800 instead of 1024 (about 40 % fewer bytes).
 */
export const avifWidths = [160, 320, 480, 640, 800, 1024] as const;
export type ImageWidth = (typeof avifWidths)[number];

/** The original's own format, which its fallback variants keep. */
export type FallbackFormat = 'jpg' | 'png';
/** Modern formats stored beside the fallback, in the order a `<picture>` offers them. */
export const modernFormats = ['avif', 'webp'] as const;
export type ModernFormat = (typeof modernFormats)[number];
export type ImageFormat = FallbackFormat | ModernFormat;

export const imageMimeTypes: Record<ImageFormat, string> = {
  jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif',
};

/** The vCard photo: small enough to embed base64 in a .vcf. */
export const vcardImage = { maxSide: 256, maxBytes: 50 * 1024 } as const;

/**
 * Wallet pass images, made once from every upload (any upload may become a profile's logo or a
 * card's wallet image). Sizes in pixels at @1x; Apple's come at @1x, @2x and @3x.
 * - Apple (Wallet Developer Guide, "Pass Design and Creation"): icon 29x29 pt, logo within
 *   160x50 pt, thumbnail within 90x90 pt with an aspect ratio between 2:3 and 3:2. PNG.
 * - Google (Wallet brand guidelines, generic pass): logo square, at least 660x660, masked to a
 *   circle, full-bleed background, the artwork inside a 15 % margin; hero image 1032x336 (3:1 or
 *   wider).
 * `badge`: the artwork centred in a square of its own background with `margin` on each side;
 * `within`: the artwork as large as fits the box, so a wide wordmark fills the width and a square logo the height; `cover`: the box
 * filled, centre crop. Every scale shows the same size in points (@3x = 3 x @1x pixels).
 */
export const passImages = {
  appleIcon: { width: 29, height: 29, scales: [1, 2, 3], fit: 'badge', margin: 0.1, trim: true },
  appleLogo: { width: 160, height: 50, scales: [1, 2, 3], fit: 'within', trim: true },
  appleThumbnail: { width: 90, height: 90, scales: [1, 2, 3], fit: 'within', aspect: [2 / 3, 3 / 2] },
  googleLogo: { width: 660, height: 660, scales: [1], fit: 'badge', margin: 0.15, trim: true },
  googleHero: { width: 1032, height: 336, scales: [1], fit: 'cover' },
} as const satisfies Record<string, PassImageSpec>;

export interface PassImageSpec {
  width: number;
  height: number;
  scales: readonly (1 | 2 | 3)[];
  fit: 'badge' | 'within' | 'cover';
  /** badge: share of the side left free on each side. */
  margin?: number;
  /** within: the narrowest and widest aspect ratio kept; a picture outside is centre-cropped to it. */
  aspect?: readonly [number, number];
  /** Logos: the border (transparent padding, a plain background) is cut off first (functions/lib/images/pixels.ts contentBox). */
  trim?: boolean;
}
export type PassImageName = keyof typeof passImages;
export type PassScale = 1 | 2 | 3;

/** The widths a format is stored in (the fallback when none is given). */
export function widthsOf(format?: ModernFormat): readonly ImageWidth[] {
  return format === 'avif' ? avifWidths : imageWidths;
}

/** A stored derivative of an upload. */
export type ImageVariant =
  | { width: ImageWidth; format?: ModernFormat }
  | { vcard: true }
  | { pass: PassImageName; scale?: PassScale };

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function splitName(filename: string): { stem: string; ext: FallbackFormat } {
  const dot = filename.lastIndexOf('.');
  const ext = dot > 0 ? filename.slice(dot + 1).toLowerCase() : '';
  return { stem: dot > 0 ? filename.slice(0, dot) : filename, ext: ext === 'png' ? 'png' : 'jpg' };
}

/** The fallback format of an upload: its own (`abc.png` -> png, `abc.jpg` -> jpg). */
export function fallbackFormat(filename: string): FallbackFormat {
  return splitName(filename).ext;
}

/** The format a variant is stored in. */
export function variantFormat(filename: string, v: ImageVariant): ImageFormat {
  if ('vcard' in v) return 'jpg';
  if ('width' in v) return v.format ?? fallbackFormat(filename);
  // Apple wants PNG; Google's logo is a small badge (PNG); the hero is a photo in the upload's own format.
  return v.pass === 'googleHero' ? fallbackFormat(filename) : 'png';
}

/**
 * `abc.png` + { width: 320 } -> `abc.w320.png`; + { width: 320, format: 'avif' } -> `abc.w320.avif`;
 * + { vcard: true } -> `abc.vcard.jpg`; + { pass: 'appleLogo', scale: 2 } -> `abc.apple-logo-2x.png`.
 * Pass the name the upload route returned.
 */
export function variantFilename(filename: string, v: ImageVariant): string {
  const { stem } = splitName(filename);
  const ext = variantFormat(filename, v);
  if ('vcard' in v) return `${stem}.vcard.${ext}`;
  if ('width' in v) return `${stem}.w${v.width}.${ext}`;
  const scale = v.scale && v.scale > 1 ? `-${v.scale}x` : '';
  return `${stem}.${kebab(v.pass)}${scale}.${ext}`;
}

/** Every derivative an upload has, in a stable order. */
export function allVariants(): ImageVariant[] {
  return [
    ...imageWidths.map((width): ImageVariant => ({ width })),
    ...modernFormats.flatMap((format) => widthsOf(format).map((width): ImageVariant => ({ width, format }))),
    { vcard: true },
    ...(Object.keys(passImages) as PassImageName[]).flatMap((pass) => passImages[pass].scales.map((scale) => ({ pass, scale }))),
  ];
}

/** Every derived file name of an upload (for deletion and CDN invalidation). */
export function allVariantFilenames(filename: string): string[] {
  return allVariants().map((v) => variantFilename(filename, v));
}

/** Pixel size of a pass image's box at a scale. */
export function passImageBox(pass: PassImageName, scale: PassScale = 1): { width: number; height: number } {
  const spec = passImages[pass];
  return { width: spec.width * scale, height: spec.height * scale };
}

/** The smallest stored width of a format at least `px` wide (the largest when none is). */
export function widthFor(px: number, format?: ModernFormat): ImageWidth {
  const widths = widthsOf(format);
  return widths.find((w) => w >= px) ?? widths[widths.length - 1]!;
}

/** `/api/upload/<field>/<name>` of one variant. */
export function variantUrl(field: string, filename: string, v: ImageVariant): string {
  return `/api/upload/${field}/${encodeURIComponent(variantFilename(filename, v))}`;
}

/**
 * A `srcset` value for an uploaded image in one format (the fallback when none is given):
 * `/api/upload/image/abc.w160.avif 160w, ...`. `field` is the upload field the URL names.
 */
export function imageSrcset(field: string, filename: string, format?: ModernFormat): string {
  return widthsOf(format).map((width) => `${variantUrl(field, filename, format ? { width, format } : { width })} ${width}w`).join(', ');
}
