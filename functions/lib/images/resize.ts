/** An RGBA image, 8 bits per channel, rows top to bottom. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array;
}

/**
 * Weights of a 1-D area-average (box) downscale from `src` to `dst` samples: every output sample
 * averages the input samples it covers, partial ones by their covered fraction. For shrinking
 * this is what a browser's high-quality downscale looks like, without ringing.
 */
function boxWeights(src: number, dst: number): { start: Int32Array; count: Int32Array; weights: Float32Array; stride: number } {
  const scale = src / dst;
  const stride = Math.ceil(scale) + 2;
  const start = new Int32Array(dst);
  const count = new Int32Array(dst);
  const weights = new Float32Array(dst * stride);
  for (let i = 0; i < dst; i++) {
    const from = i * scale;
    const to = Math.min(src, (i + 1) * scale);
    const first = Math.floor(from);
    let n = 0;
    for (let j = first; j < to && n < stride; j++, n++) {
      const cover = Math.min(to, j + 1) - Math.max(from, j);
      weights[i * stride + n] = cover / scale;
    }
    start[i] = first;
    count[i] = n;
  }
  return { start, count, weights, stride };
}

/**
 * Shrinks an image to `width` x `height` (never enlarges: pass the original's size to copy it).
 * Colour is averaged premultiplied by alpha, so transparent pixels do not darken a logo's edges.
 * Memory: the output plus two float rows.
 */
export function resizeRgba(img: Rgba, width: number, height: number): Rgba {
  if (width >= img.width && height >= img.height) return img;
  const w = Math.max(1, Math.min(width, img.width));
  const h = Math.max(1, Math.min(height, img.height));
  const hx = boxWeights(img.width, w);
  const hy = boxWeights(img.height, h);
  const src = img.data;
  // Row by row: each source row is shrunk horizontally once (premultiplied) and added to the
  // output rows it covers, so the extra memory is two float rows, not a whole intermediate image.
  const out = new Uint8Array(w * h * 4);
  const acc = new Float32Array(w * 4);
  const row = new Float32Array(w * 4);
  let cached = -1;
  const shrinkRow = (y: number) => {
    if (cached === y) return;
    const base = y * img.width * 4;
    for (let x = 0; x < w; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      const s0 = hx.start[x]!, n = hx.count[x]!, wo = x * hx.stride;
      for (let k = 0; k < n; k++) {
        const p = base + (s0 + k) * 4;
        const alpha = src[p + 3]! * hx.weights[wo + k]!;
        r += src[p]! * alpha; g += src[p + 1]! * alpha; b += src[p + 2]! * alpha; a += alpha;
      }
      const o = x * 4;
      row[o] = r; row[o + 1] = g; row[o + 2] = b; row[o + 3] = a;
    }
    cached = y;
  };
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    const s0 = hy.start[y]!, n = hy.count[y]!, wo = y * hy.stride;
    for (let k = 0; k < n; k++) {
      shrinkRow(s0 + k);
      const wt = hy.weights[wo + k]!;
      for (let i = 0; i < acc.length; i++) acc[i] = acc[i]! + row[i]! * wt;
    }
    for (let x = 0; x < w; x++) {
      const i = x * 4;
      const o = (y * w + x) * 4;
      const a = acc[i + 3]!;
      if (a > 0) {
        out[o] = Math.round(acc[i]! / a); out[o + 1] = Math.round(acc[i + 1]! / a); out[o + 2] = Math.round(acc[i + 2]! / a);
      }
      out[o + 3] = Math.round(a);
    }
  }
  return { width: w, height: h, data: out };
}

/** The size that fits `img` into `maxWidth` x `maxHeight` keeping its aspect ratio, never larger. */
export function fitWithin(img: { width: number; height: number }, maxWidth: number, maxHeight = Infinity): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / img.width, maxHeight / img.height);
  return { width: Math.max(1, Math.round(img.width * scale)), height: Math.max(1, Math.round(img.height * scale)) };
}

/** Transparent pixels composed onto white: for JPEG, which has no alpha. */
export function onWhite(img: Rgba): Rgba {
  const out = new Uint8Array(img.data.length);
  for (let i = 0; i < img.data.length; i += 4) {
    const a = img.data[i + 3]! / 255;
    out[i] = Math.round(img.data[i]! * a + 255 * (1 - a));
    out[i + 1] = Math.round(img.data[i + 1]! * a + 255 * (1 - a));
    out[i + 2] = Math.round(img.data[i + 2]! * a + 255 * (1 - a));
    out[i + 3] = 255;
  }
  return { width: img.width, height: img.height, data: out };
}

export function hasTransparency(img: Rgba): boolean {
  for (let i = 3; i < img.data.length; i += 4) if (img.data[i] !== 255) return true;
  return false;
}
