import { loadSharp } from './sharp.ts';
import { fontFile, fontFiles, useOwnFontconfig } from './fonts.ts';
import type { FontWeight } from './fonts.ts';
import type { Pixels } from './pixels.ts';

// Text as pixels, for composed images (the virtual background). libvips lays it out with Pango;
// the font is always our own file (fonts.ts), never a system font, so it looks the same on this
// machine and in Lambda (which has none).

/** `&`, `<`, `>`, quotes: Pango markup would read them. */
export function escapeMarkup(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface TextOptions {
  text: string;
  weight: FontWeight;
  /** Font size in pixels. */
  size: number;
  /** `#rrggbb`. */
  color: string;
  /** Lines wrap at this width (pixels); at most `maxLines` are kept (a very long text is cut after them). */
  maxWidth: number;
  maxLines?: number;
  align?: 'left' | 'centre';
}

/** The text in the given size and colour on transparency, at most `maxWidth` wide; undefined for empty text. */
export async function renderText(o: TextOptions): Promise<Pixels | undefined> {
  const text = o.text.replace(/\s+/g, ' ').trim();
  if (!text || !/^#[0-9a-fA-F]{6}$/.test(o.color)) return undefined;
  useOwnFontconfig();
  const sharp = await loadSharp();
  const maxLines = o.maxLines ?? 2;
  // Pango at 72 dpi: a point is a pixel.
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${o.color}">${escapeMarkup(text)}</span>`,
      font: `${fontFiles[o.weight].pango} ${o.size}`,
      fontfile: fontFile(o.weight),
      width: o.maxWidth,
      dpi: 72,
      rgba: true,
      wrap: 'word-char',
      align: o.align ?? 'left',
    },
  }).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  // Inter's line height is about 1.21 em: more lines than allowed are cut off below.
  const height = Math.min(info.height, Math.ceil(o.size * 1.25 * maxLines));
  return { data: data.subarray(0, height * info.width * 4), width: info.width, height, channels: 4 };
}
