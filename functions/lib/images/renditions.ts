import { allVariants, avifWidths, imageMimeTypes, imageWidths, passImages, variantFormat, vcardImage } from '../../../shared/images.ts';
import type { FallbackFormat, ImageFormat, ImageVariant, ImageWidth, PassImageName, PassScale } from '../../../shared/images.ts';
import { badgeBackground, clampAspect, contentBox, fitInside } from './pixels.ts';
import type { Pixels, Rgba } from './pixels.ts';
import { composePixels, coverPixels, cropPixels, encodePixels, resizePixels } from './render.ts';

// Every derivative of an upload (shared/images.ts names them), made from its decoded original.

export interface RenderedFile {
  variant: ImageVariant;
  data: Buffer;
  mime: string;
  width: number;
  height: number;
}

const round = (n: number) => Math.max(1, Math.round(n));

/**
 * Every width variant's pixels, largest first, each resampled from the next larger one (fewer
 * pixels to read than from the original; Lanczos keeps it sharp). Never upscaled: an image
 * narrower than a width keeps its size.
 */
async function allWidths(src: Pixels): Promise<Map<ImageWidth, Pixels>> {
  const widths = [...new Set([...imageWidths, ...avifWidths])].sort((a, b) => b - a);
  const out = new Map<ImageWidth, Pixels>();
  let from = src;
  for (const width of widths) {
    if (from.width > width) from = await resizePixels(from, width, round((src.height * width) / src.width));
    out.set(width, from);
  }
  return out;
}

/** The pass images' source: nothing they make is wider than 1032 px, so a smaller copy is enough. */
const PASS_SOURCE_SIDE = 1280;

/** Within vcardImage.maxSide on white, quality lowered until it fits vcardImage.maxBytes. */
async function vcardFile(src: Pixels): Promise<{ pixels: Pixels; data: Buffer }> {
  const size = src.width >= src.height
    ? { width: Math.min(src.width, vcardImage.maxSide), height: round((src.height * Math.min(src.width, vcardImage.maxSide)) / src.width) }
    : { width: round((src.width * Math.min(src.height, vcardImage.maxSide)) / src.height), height: Math.min(src.height, vcardImage.maxSide) };
  const pixels = await resizePixels(src, size.width, size.height);
  for (let quality = 80; ; quality -= 15) {
    const data = await encodePixels(pixels, 'jpg', { quality });
    if (data.length <= vcardImage.maxBytes || quality <= 20) return { pixels, data };
  }
}

/** What the pass images of one source share: its artwork without border and its badge background, each worked out once. */
export interface PassSource {
  src: Pixels;
  art(): Promise<Pixels>;
  background(): Rgba;
}

export function passSource(src: Pixels): PassSource {
  let art: Promise<Pixels> | undefined;
  let background: Rgba | undefined;
  return {
    src,
    art: () => (art ??= cropPixels(src, contentBox(src))),
    background: () => (background ??= badgeBackground(src)),
  };
}

/** One pass image at one scale (shared/images.ts passImages says how). */
export async function passImagePixels(source: PassSource, name: PassImageName, scale: PassScale): Promise<Pixels> {
  const spec = passImages[name];
  const W = spec.width * scale;
  const H = spec.height * scale;
  const art = 'trim' in spec && spec.trim ? await source.art() : source.src;
  switch (spec.fit) {
    case 'badge': {
      const inner = fitInside(art.width, art.height, W * (1 - 2 * spec.margin), H * (1 - 2 * spec.margin));
      const pixels = await resizePixels(art, round(inner.width), round(inner.height));
      return composePixels({
        width: W, height: H, background: source.background(),
        layers: [{ pixels, left: Math.floor((W - pixels.width) / 2), top: Math.floor((H - pixels.height) / 2) }],
      });
    }
    case 'within': {
      const part = 'aspect' in spec ? await cropPixels(art, clampAspect(art.width, art.height, spec.aspect[0], spec.aspect[1])) : art;
      // The size in points at @1x, so every scale shows the same size.
      const points = fitInside(part.width, part.height, spec.width, spec.height);
      return resizePixels(part, round(points.width * scale), round(points.height * scale));
    }
    case 'cover':
      return coverPixels(art, W, H);
  }
}

async function file(variant: ImageVariant, pixels: Pixels, format: ImageFormat): Promise<RenderedFile> {
  return { variant, data: await encodePixels(pixels, format), mime: imageMimeTypes[format], width: pixels.width, height: pixels.height };
}

/**
 * Every derivative of shared/images.ts `allVariants()` from the decoded original. `fallback` is
 * the original's own format (the name's extension), which the fallback widths and the hero keep.
 */
export async function renderVariants(src: Pixels, fallback: FallbackFormat): Promise<RenderedFile[]> {
  const name = `x.${fallback}`;
  const out: RenderedFile[] = [];
  const widths = await allWidths(src);
  const scale = Math.min(1, PASS_SOURCE_SIDE / Math.max(src.width, src.height));
  const source = passSource(scale < 1 ? await resizePixels(src, round(src.width * scale), round(src.height * scale)) : src);
  for (const v of allVariants()) {
    const format = variantFormat(name, v);
    if ('width' in v) {
      out.push(await file(v, widths.get(v.width)!, format));
    } else if ('vcard' in v) {
      const vcard = await vcardFile(src);
      out.push({ variant: v, data: vcard.data, mime: imageMimeTypes.jpg, width: vcard.pixels.width, height: vcard.pixels.height });
    } else {
      out.push(await file(v, await passImagePixels(source, v.pass, v.scale ?? 1), format));
    }
  }
  return out;
}
