// Which requests of the CDN's access log count, and as what. The card JSON is what the public page
// `/c/:id` loads, so one answered request is one view; a save is a request that puts the card
// into the visitor's address book or wallet.

/**
 * Kinds of saves, in the order the screens list them. Extensible: the wallet work adds `pkpass`
 * and `googlecard` with their paths below; counters, rollups and routes take any kind listed here.
 */
export const saveKinds = ['vcard'] as const;
export type SaveKind = (typeof saveKinds)[number];
export type CountKind = 'view' | SaveKind;

interface CountedPath {
  /** The card id is the first capture group. */
  pattern: RegExp;
  kind: CountKind;
}

/** Ids are UUIDs or imported legacy ids: letters, digits, `-` and `_`. */
const ID = '([A-Za-z0-9_-]{1,64})';

export const countedPaths: readonly CountedPath[] = [
  { pattern: new RegExp(`^/api/card/${ID}$`), kind: 'view' },
  { pattern: new RegExp(`^/api/card/${ID}/vcard$`), kind: 'vcard' },
];

/**
 * Static segments under `/api/card/` that are routes of their own, not card ids
 * (`GET /api/card/company` is the company list). test/unit/statistics-log.test.ts keeps this in
 * step with the route table.
 */
export const reservedCardSegments: ReadonlySet<string> = new Set(['company', 'statistic']);

/** Answers that delivered the card: 200, or 304 (the visitor's cached copy was confirmed). */
const COUNTED_STATUS = new Set([200, 304]);

/** What a log line counts as, or undefined for everything else (other paths, methods, failures). */
export function countOf(method: string, path: string, status: number): { kind: CountKind; cardId: string } | undefined {
  if (method !== 'GET' || !COUNTED_STATUS.has(status)) return undefined;
  for (const c of countedPaths) {
    const m = c.pattern.exec(path);
    if (m && !reservedCardSegments.has(m[1]!)) return { kind: c.kind, cardId: m[1]! };
  }
  return undefined;
}

/** Whether the local server should write a log line for this path (the CDN logs everything; we only need these). */
export function isCountedPath(path: string): boolean {
  return countedPaths.some((c) => {
    const m = c.pattern.exec(path);
    return m !== null && !reservedCardSegments.has(m[1]!);
  });
}
