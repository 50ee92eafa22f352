// Readable colours from whatever a company picked: WCAG 2.x contrast (relative luminance), so no
// colour choice makes a card unreadable. Pure functions, hex in and hex out.

/** WCAG AA: normal text. */
export const AA_TEXT = 4.5;
/** WCAG AA: large text and graphical objects such as icons (1.4.11). */
export const AA_LARGE = 3;

function rgb(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3) h = [...h].map((ch) => ch + ch).join('');
  const n = Number.parseInt(h.padEnd(6, '0').slice(0, 6), 16);
  return Number.isNaN(n) ? [0, 0, 0] : [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
}

export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((v) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `a` mixed with `b`: 0 is `a`, 1 is `b`. */
export function mix(a: string, b: string, amount: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex([0, 1, 2].map((i) => x[i]! + (y[i]! - x[i]!) * amount) as [number, number, number]);
}

/**
 * `preferred` if it reaches `min` contrast on `background`; otherwise `preferred` moved towards
 * black or white (whichever contrasts more with the background) just far enough, so the
 * company's hue survives where it can.
 */
export function readableOn(background: string, preferred: string, min = AA_TEXT): string {
  if (contrastRatio(preferred, background) >= min) return toHex(rgb(preferred));
  const target = contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
  for (let step = 1; step <= 20; step++) {
    const c = mix(preferred, target, step / 20);
    if (contrastRatio(c, background) >= min) return c;
  }
  return target;
}

/** Black or white, whichever is more readable on `background`. */
export function blackOrWhite(background: string): string {
  return contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
}

export interface CardPalette {
  /** Page surface of the card (white or dark) and its text colours. */
  surface: string;
  text: string;
  muted: string;
  /** The name band: the company's background colour and readable text on it. */
  band: string;
  onBand: string;
  /** The band colour moved away from `onBand` (gradients, pressed states): `onBand` stays readable on it. */
  bandDeep: string;
  /** Action/social icons on the band colour (kontakt fill, 3:1 as graphics). */
  iconOnBand: string;
  /** The band colour as text or icon on the surface (links, headings), AA on the surface. */
  accent: string;
  /** A faint tint of the band colour on the surface (icon circles), with `accent` AA on it. */
  tint: string;
  /** An outline for band-coloured shapes (icon circles, buttons, photo rings) where the band does not stand out from the surface (3:1); else transparent. */
  bandEdge: string;
}

/** Everything a theme colours, derived from the card's colours for a light or dark surface. */
export function cardPalette(colors: { band: string; bandText: string; fill: string }, surface = '#ffffff'): CardPalette {
  const dark = luminance(surface) < 0.2;
  const text = dark ? '#eef1f5' : '#1d2530';
  const tint = mix(surface, colors.band, dark ? 0.22 : 0.1);
  const onBand = readableOn(colors.band, colors.bandText);
  return {
    surface,
    text: readableOn(surface, text),
    muted: readableOn(surface, dark ? '#a9b2bd' : '#5b6673'),
    band: colors.band,
    onBand,
    bandDeep: mix(colors.band, luminance(onBand) > luminance(colors.band) ? '#000000' : '#ffffff', 0.3),
    iconOnBand: readableOn(colors.band, colors.fill, AA_LARGE),
    accent: readableOn(tint, readableOn(surface, colors.band)),
    tint,
    bandEdge: contrastRatio(colors.band, surface) >= AA_LARGE ? 'transparent' : readableOn(surface, colors.band, AA_LARGE),
  };
}

/** A logo's colours as drawn: opaque colours and the share of the logo's visible pixels each covers. */
export type ColourShares = readonly { colour: string; share: number }[];

/** Logos and icons are graphics: 3:1 (WCAG 1.4.11) against what they sit on. */
export const GRAPHIC_CONTRAST = AA_LARGE;
/** A logo counts as visible on a ground when at least this share of its pixels reach GRAPHIC_CONTRAST there. */
export const LOGO_VISIBLE_SHARE = 0.5;

/** The share of a logo's pixels that stand out from `ground` (3:1). */
export function visibleShare(logo: ColourShares, ground: string): number {
  return logo.reduce((sum, c) => sum + (contrastRatio(c.colour, ground) >= GRAPHIC_CONTRAST ? c.share : 0), 0);
}

/**
 * The plate a logo needs on the grounds it may be drawn over (a gradient is two), or undefined when
 * it stands out on each of them as it is. The plate is the card's own light or dark colour that
 * makes most of the logo stand out, so a logo in the company colour on the company-coloured head,
 * or a white logo on a white card, still shows.
 */
export function logoPlate(logo: ColourShares, grounds: readonly string[], plates: readonly string[] = ['#ffffff', '#1d2530']): string | undefined {
  if (logo.length === 0 || grounds.every((g) => visibleShare(logo, g) >= LOGO_VISIBLE_SHARE)) return undefined;
  return [...plates].sort((a, b) => visibleShare(logo, b) - visibleShare(logo, a))[0];
}

/**
 * An outline colour for a shape of colour `shape` on `ground` (an icon's circle, a photo's ring),
 * or undefined when the shape stands out (3:1) by itself: the text colour of that ground.
 */
export function edgeOn(ground: string, shape: string, text: string): string | undefined {
  return contrastRatio(shape, ground) >= GRAPHIC_CONTRAST ? undefined : text;
}
