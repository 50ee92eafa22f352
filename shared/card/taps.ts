// Taps on a public card (issue 28, docs/statistics.md "Taps"): what a visitor did on the page,
// counted from the CDN's access log like views. The card's links carry their kind as `data-tap`
// (set where the link is built: shared/card/content.ts, the theme kit, the QR wallet page); one
// listener on the public page (web/src/public/tap-beacon.ts) turns a click into one GET of the
// beacon, a static file the CDN keeps, so a tap reaches no Lambda and writes nothing.

/** Social networks a card links (spec §3), each a kind of tap of its own. */
export const tapSocialTypes = ['facebook', 'instagram', 'linkedin', 'xing', 'youtube', 'tiktok'] as const;

/**
 * Every kind of tap, in the order the screens list them, with the one-letter code the counters use
 * (short attribute names: the company statistics read one rollup item per card).
 */
export const tapKindCodes = {
  call: 'c',
  write: 'w',
  web: 'u',
  vcard: 'v',
  'wallet-apple': 'a',
  'wallet-google': 'g',
  'social-facebook': 'f',
  'social-instagram': 'i',
  'social-linkedin': 'l',
  'social-xing': 'x',
  'social-youtube': 'y',
  'social-tiktok': 't',
} as const;

export type TapKind = keyof typeof tapKindCodes;
export const tapKinds = Object.keys(tapKindCodes) as TapKind[];

export function isTapKind(v: string): v is TapKind {
  return Object.hasOwn(tapKindCodes, v);
}

/** The social network's tap kind, or undefined for a type the card does not count. */
export function socialTap(type: string): TapKind | undefined {
  const kind = `social-${type}`;
  return isTapKind(kind) ? kind : undefined;
}

/** The static file the beacon requests (web/public/tap.gif); `c` = card id, `k` = kind. */
export const TAP_BEACON_PATH = '/tap.gif';

export function tapBeaconUrl(cardId: string, kind: TapKind): string {
  return `${TAP_BEACON_PATH}?c=${encodeURIComponent(cardId)}&k=${kind}`;
}
