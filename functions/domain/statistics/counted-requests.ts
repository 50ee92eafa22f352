// Which requests of the CDN's access log count, and as what. The public page `/c/{id}` arrives with
// its card (issue 20), so one answered page is one view; the card JSON `/api/card/{id}`, which the
// page loads only when the card did not come with it (a page cached before that change), counts as
// one too: a visit makes one of the two requests, never both. A save is a request that puts the
// card into the visitor's address book or wallet. A tap is a GET of the beacon file (TAP_BEACON_PATH)
// the public page sends for a click on a counted link: `?c=<card id>&k=<kind>`.
import { isTapKind, TAP_BEACON_PATH } from '../../../shared/card/taps.ts';
import type { TapKind } from '../../../shared/card/taps.ts';

/**
 * Kinds of saves, in the order the screens list them: the vCard, the Apple pass and the Google save
 * link (the signed public wallet links); counters, rollups and routes take any kind listed here.
 */
export const saveKinds = ['vcard', 'pkpass', 'googlecard'] as const;
export type SaveKind = (typeof saveKinds)[number];
export type CountKind = 'view' | SaveKind;

/** What a counted log line is: a view or save of a card, or a tap on one of its links. */
export type Counted = { kind: CountKind; cardId: string } | { kind: 'tap'; tap: TapKind; cardId: string };

interface CountedPath {
  /** The card id is the first capture group. */
  pattern: RegExp;
  kind: CountKind;
  /** Answers that count for this path (default: 200 and 304). */
  statuses?: ReadonlySet<number>;
}

/** Ids are UUIDs or imported legacy ids: letters, digits, `-` and `_`. */
const ID = '([A-Za-z0-9_-]{1,64})';

export const countedPaths: readonly CountedPath[] = [
  { pattern: new RegExp(`^/c/${ID}$`), kind: 'view' },
  { pattern: new RegExp(`^/api/card/${ID}$`), kind: 'view' },
  { pattern: new RegExp(`^/api/card/${ID}/vcard$`), kind: 'vcard' },
  // The signed wallet links (a wrong signature is a 403 and does not count).
  { pattern: new RegExp(`^/api/wallet/pkpass/${ID}/[A-Za-z0-9_-]+$`), kind: 'pkpass', statuses: new Set([200]) },
  // Google's link answers with the redirect to Google's save page: that answer is the save.
  { pattern: new RegExp(`^/api/wallet/googlecard/${ID}/[A-Za-z0-9_-]+$`), kind: 'googlecard', statuses: new Set([302]) },
];

/**
 * Static segments under `/api/card/` that are routes of their own, not card ids
 * (`GET /api/card/company` is the company list). test/unit/statistics-log.test.ts keeps this in
 * step with the route table.
 */
export const reservedCardSegments: ReadonlySet<string> = new Set(['company', 'statistic']);

/** Answers that delivered the card: 200, or 304 (the visitor's cached copy was confirmed). */
const COUNTED_STATUS = new Set([200, 304]);

const CARD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The card and kind of a beacon's query (`c=<id>&k=<kind>`, as logged: URL-encoded), or undefined. */
export function tapOf(query: string): { tap: TapKind; cardId: string } | undefined {
  let cardId: string | undefined;
  let tap: string | undefined;
  for (const part of query.split('&')) {
    const eq = part.indexOf('=');
    const name = part.slice(0, eq);
    let value: string;
    try {
      value = decodeURIComponent(part.slice(eq + 1));
    } catch {
      return undefined;
    }
    if (name === 'c') cardId = value;
    else if (name === 'k') tap = value;
  }
  return cardId && CARD_ID.test(cardId) && tap && isTapKind(tap) ? { tap, cardId } : undefined;
}

/** What a log line counts as, or undefined for everything else (other paths, methods, failures). */
export function countOf(method: string, path: string, status: number, query = '-'): Counted | undefined {
  if (method !== 'GET') return undefined;
  if (path === TAP_BEACON_PATH) {
    const hit = COUNTED_STATUS.has(status) ? tapOf(query) : undefined;
    return hit ? { kind: 'tap', ...hit } : undefined;
  }
  for (const c of countedPaths) {
    if (!(c.statuses ?? COUNTED_STATUS).has(status)) continue;
    const m = c.pattern.exec(path);
    if (m && !reservedCardSegments.has(m[1]!)) return { kind: c.kind, cardId: m[1]! };
  }
  return undefined;
}

/** Whether the local server should write a log line for this path (the CDN logs everything; we only need these). */
export function isCountedPath(path: string): boolean {
  return path === TAP_BEACON_PATH || countedPaths.some((c) => {
    const m = c.pattern.exec(path);
    return m !== null && !reservedCardSegments.has(m[1]!);
  });
}
