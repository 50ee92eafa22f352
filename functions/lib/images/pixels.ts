// Decoded pictures as the pipeline passes them around: 8-bit sRGB, upright, 3 channels (opaque)
// or 4 (with transparency). Small pure helpers over the pixel buffer; everything that touches a
// codec or resamples lives in the modules that use sharp.

export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 3 | 4;
}

/** Rectangle inside a picture. */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export type Rgba = { r: number; g: number; b: number; alpha: number };

/** True when some pixel is not fully opaque. */
export function hasTransparency(p: Pixels): boolean {
  if (p.channels === 3) return false;
  for (let i = 3; i < p.data.length; i += 4) if (p.data[i] !== 255) return true;
  return false;
}

/** The same picture without its alpha channel (for one that has no transparent pixel). */
export function withoutAlpha(p: Pixels): Pixels {
  if (p.channels === 3) return p;
  const data = Buffer.alloc(p.width * p.height * 3);
  for (let i = 0, j = 0; i < p.data.length; i += 4, j += 3) {
    data[j] = p.data[i]!;
    data[j + 1] = p.data[i + 1]!;
    data[j + 2] = p.data[i + 2]!;
  }
  return { data, width: p.width, height: p.height, channels: 3 };
}

function pixelAt(p: Pixels, x: number, y: number): Rgba {
  const i = (y * p.width + x) * p.channels;
  return { r: p.data[i]!, g: p.data[i + 1]!, b: p.data[i + 2]!, alpha: p.channels === 4 ? p.data[i + 3]! : 255 };
}

/**
 * The part of the picture that is not border: with transparency, everything not (nearly) fully
 * transparent, so a logo the cropper fitted with transparent padding loses exactly that padding;
 * without, everything that differs from the top-left pixel's colour, so a logo on a plain
 * background is framed by its artwork. The whole picture when nothing is border.
 */
export function contentBox(p: Pixels): Box {
  const ref = pixelAt(p, 0, 0);
  const transparent = p.channels === 4 && ref.alpha < 255;
  const differs = (i: number): boolean => {
    if (transparent) return p.data[i + 3]! > 8;
    return Math.abs(p.data[i]! - ref.r) > 24 || Math.abs(p.data[i + 1]! - ref.g) > 24 || Math.abs(p.data[i + 2]! - ref.b) > 24
      || (p.channels === 4 && Math.abs(p.data[i + 3]! - ref.alpha) > 24);
  };
  let top = p.height, bottom = -1, left = p.width, right = -1;
  for (let y = 0; y < p.height; y++) {
    const row = y * p.width * p.channels;
    for (let x = 0; x < p.width; x++) {
      if (!differs(row + x * p.channels)) continue;
      if (y < top) top = y;
      bottom = y;
      if (x < left) left = x;
      if (x > right) right = x;
    }
  }
  if (bottom < 0) return { left: 0, top: 0, width: p.width, height: p.height };
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/**
 * The background a badge (square icon) puts behind the artwork: a transparent logo gets white,
 * or near-black when its own pixels are light (a white wordmark made for dark backgrounds); an
 * opaque picture continues its own corner colour.
 */
export function badgeBackground(p: Pixels): Rgba {
  if (hasTransparency(p)) {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < p.data.length; i += 4) {
      if (p.data[i + 3]! < 128) continue;
      sum += 0.2126 * p.data[i]! + 0.7152 * p.data[i + 1]! + 0.0722 * p.data[i + 2]!;
      count++;
    }
    const light = count > 0 && sum / count > 200;
    return light ? { r: 32, g: 33, b: 36, alpha: 1 } : { r: 255, g: 255, b: 255, alpha: 1 };
  }
  const corners = [pixelAt(p, 0, 0), pixelAt(p, p.width - 1, 0), pixelAt(p, 0, p.height - 1), pixelAt(p, p.width - 1, p.height - 1)];
  const mean = (k: 'r' | 'g' | 'b') => Math.round(corners.reduce((s, c) => s + c[k], 0) / corners.length);
  return { r: mean('r'), g: mean('g'), b: mean('b'), alpha: 1 };
}

/** The largest size of `w`x`h`'s shape inside `boxW`x`boxH` (may be larger than w x h), not rounded. */
export function fitInside(w: number, h: number, boxW: number, boxH: number): { width: number; height: number } {
  const scale = Math.min(boxW / w, boxH / h);
  return { width: w * scale, height: h * scale };
}

/** The centred part of a `w`x`h` picture whose aspect ratio lies within [min, max]. */
export function clampAspect(w: number, h: number, min: number, max: number): Box {
  const ratio = w / h;
  if (ratio > max) {
    const width = Math.max(1, Math.round(h * max));
    return { left: Math.floor((w - width) / 2), top: 0, width, height: h };
  }
  if (ratio < min) {
    const height = Math.max(1, Math.round(w / min));
    return { left: 0, top: Math.floor((h - height) / 2), width: w, height };
  }
  return { left: 0, top: 0, width: w, height: h };
}
