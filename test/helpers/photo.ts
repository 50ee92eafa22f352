// A synthetic portrait that compresses like a photograph: natural images have a power spectrum
// falling off as 1/f, which fractal (fBm) noise reproduces; a soft background, a figure with hard
// edges and fine grain make the rest. Deterministic (seeded), so every run measures the same bytes.

/** Mulberry32: small, fast, seedable. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Sum of smoothly interpolated random grids, each octave half the cell size. A 1/f amplitude
 * spectrum puts about the same energy into every octave; `persistence` below 1 softens that.
 */
function fbm(width: number, height: number, rnd: () => number, o: { from: number; to: number; persistence: number }): Float32Array {
  const out = new Float32Array(width * height);
  let amp = 1;
  for (let octave = o.from; octave <= o.to; octave++) {
    const cell = Math.max(1, Math.round(Math.max(width, height) / 2 ** octave));
    const gw = Math.ceil(width / cell) + 2;
    const gh = Math.ceil(height / cell) + 2;
    const grid = Float32Array.from({ length: gw * gh }, () => rnd() * 2 - 1);
    for (let y = 0; y < height; y++) {
      const gy = y / cell;
      const y0 = Math.floor(gy);
      const ty = gy - y0;
      const sy = ty * ty * (3 - 2 * ty);
      for (let x = 0; x < width; x++) {
        const gx = x / cell;
        const x0 = Math.floor(gx);
        const tx = gx - x0;
        const sx = tx * tx * (3 - 2 * tx);
        const i = y0 * gw + x0;
        const top = grid[i]! + (grid[i + 1]! - grid[i]!) * sx;
        const bottom = grid[i + gw]! + (grid[i + gw + 1]! - grid[i + gw]!) * sx;
        out[y * width + x]! += (top + (bottom - top) * sy) * amp;
      }
    }
    amp *= o.persistence;
  }
  return out;
}

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/**
 * RGB pixels (3 bytes each) of a portrait-like picture: a soft background with a few brighter
 * shapes, hair, face and clothes each with their own texture and hard outlines, camera grain.
 */
export function photoLikeRgb(width: number, height: number, seed = 20): Buffer {
  const rnd = random(seed);
  const background = fbm(width, height, rnd, { from: 1, to: 6, persistence: 0.6 });
  const shade = fbm(width, height, rnd, { from: 2, to: 6, persistence: 0.65 });
  const fine = fbm(width, height, rnd, { from: 5, to: 10, persistence: 0.9 });
  const out = Buffer.alloc(width * height * 3);
  const cx = width / 2;
  const headY = height * 0.36;
  const headRx = width * 0.17;
  const headRy = height * 0.16;
  const s = width / 1200;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const grain = (rnd() + rnd() + rnd() - 1.5) * 10;
      const head = ((x - cx) / headRx) ** 2 + ((y - headY) / headRy) ** 2;
      const hair = head <= 1.25 && y < headY - headRy * 0.35 + Math.sin(x / (37 * s)) * 12 * s;
      const shoulderHalf = width * (0.18 + ((y - height * 0.55) / height) * 0.9);
      const body = y > height * 0.55 && Math.abs(x - cx) < shoulderHalf;
      let r: number, g: number, b: number;
      if (hair) {
        const strands = Math.sin(x / (2.3 * s) + fine[i]! * 9 + shade[i]! * 4) * 22;
        const l = 55 + shade[i]! * 25 + strands + fine[i]! * 20;
        [r, g, b] = [l * 1.05, l * 0.8, l * 0.6];
      } else if (head <= 1) {
        const eye = [-1, 1].some((side) => ((x - cx - side * headRx * 0.4) / (headRx * 0.16)) ** 2 + ((y - headY + headRy * 0.1) / (headRy * 0.06)) ** 2 <= 1);
        const mouth = ((x - cx) / (headRx * 0.35)) ** 2 + ((y - headY - headRy * 0.5) / (headRy * 0.05)) ** 2 <= 1;
        const l = eye ? 60 + fine[i]! * 20 : mouth ? 140 + fine[i]! * 15 : 190 + shade[i]! * 40 + fine[i]! * 14;
        [r, g, b] = mouth ? [l * 1.1, l * 0.6, l * 0.6] : [l, l * 0.78, l * 0.66];
      } else if (body) {
        const weave = Math.sin(x / (1.7 * s)) * Math.sin(y / (1.7 * s)) * 10;
        const l = 75 + shade[i]! * 45 + fine[i]! * 28 + weave;
        [r, g, b] = [l * 0.55, l * 0.65, l * 1.15];
      } else {
        const shelf = Math.abs(((y / height) * 5) % 1 - 0.5) < 0.04 ? 35 : 0;
        const l = 150 + background[i]! * 80 + shelf;
        [r, g, b] = [l * 0.85 + 20, l * 0.95, l * 0.8 + background[i]! * 30];
      }
      out[i * 3] = clamp(r + grain);
      out[i * 3 + 1] = clamp(g + grain);
      out[i * 3 + 2] = clamp(b + grain);
    }
  }
  return out;
}

/** A 1200x1600 portrait as a phone saves it (JPEG 90). */
export async function portraitJpeg(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(photoLikeRgb(1200, 1600), { raw: { width: 1200, height: 1600, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

/** What the card form's cropper sends for that portrait: its default crop (ratio 1.355, 1200x886), JPEG 0.92. */
export async function croppedPortraitJpeg(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp(photoLikeRgb(1200, 1600), { raw: { width: 1200, height: 1600, channels: 3 } }).extract({ left: 0, top: 357, width: 1200, height: 886 }).jpeg({ quality: 92 }).toBuffer();
}

/** A 3:1 wordmark on transparency (860x220 of colour in a 900x300 PNG), as designers hand out logos. */
export async function wordmarkPng(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: { create: { width: 860, height: 220, channels: 4, background: { r: 141, g: 10, b: 35, alpha: 1 } } }, left: 20, top: 40 }])
    .png().toBuffer();
}
