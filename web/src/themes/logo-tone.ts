import { useCallback, useState } from 'react';
import type { SyntheticEvent } from 'react';
import type { ColourShares } from '../../../shared/card/contrast.ts';

// A logo's colours as the page draws it, read from the very image the page loaded (same origin,
// so the canvas stays readable; no second request): the theme kit derives the logo's plate from
// them (shared/card/contrast.ts logoPlate), because a logo's colours are known only from its pixels.

const SIZE = 48;
const measured = new Map<string, ColourShares>();

function hex(r: number, g: number, b: number): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** Opaque pixels (alpha ≥ 50 %) grouped into coarse colours (4 bits a channel), with their shares. */
export function colourShares(rgba: Uint8ClampedArray): ColourShares {
  const buckets = new Map<number, { r: number; g: number; b: number; n: number }>();
  let total = 0;
  for (let i = 0; i < rgba.length; i += 4) {
    if (rgba[i + 3]! < 128) continue;
    const [r, g, b] = [rgba[i]!, rgba[i + 1]!, rgba[i + 2]!];
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4);
    const bucket = buckets.get(key) ?? { r: 0, g: 0, b: 0, n: 0 };
    bucket.r += r; bucket.g += g; bucket.b += b; bucket.n++;
    buckets.set(key, bucket);
    total++;
  }
  return [...buckets.values()].map((x) => ({ colour: hex(Math.round(x.r / x.n), Math.round(x.g / x.n), Math.round(x.b / x.n)), share: x.n / total }));
}

function measure(img: HTMLImageElement): ColourShares {
  const key = img.currentSrc || img.src;
  const known = measured.get(key);
  if (known) return known;
  let shares: ColourShares = [];
  try {
    const ratio = img.naturalWidth / Math.max(1, img.naturalHeight);
    const w = ratio >= 1 ? SIZE : Math.max(1, Math.round(SIZE * ratio));
    const h = ratio >= 1 ? Math.max(1, Math.round(SIZE / ratio)) : SIZE;
    const canvas = document.createElement('canvas');
    canvas.width = w;
    canvas.height = h;
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (ctx) {
      ctx.drawImage(img, 0, 0, w, h);
      shares = colourShares(ctx.getImageData(0, 0, w, h).data);
    }
  } catch {
    shares = [];
  }
  measured.set(key, shares);
  return shares;
}

/**
 * The logo's colours once its image has loaded (undefined until then), and the handlers to put
 * on that `<img>`: an image that cannot load counts as measured, with no colours (no plate).
 */
export function useLogoColours(): { colours: ColourShares | undefined; onLoad: (e: SyntheticEvent<HTMLImageElement>) => void; onError: () => void } {
  const [colours, setColours] = useState<ColourShares | undefined>(undefined);
  const onLoad = useCallback((e: SyntheticEvent<HTMLImageElement>) => setColours(measure(e.currentTarget)), []);
  const onError = useCallback(() => setColours([]), []);
  return { colours, onLoad, onError };
}
