// A zxcvbn dictionary looked up as zxcvbn-ts looks up the objects it would build itself:
// `dict[word]` is the word's rank (its 1-based position in zxcvbn's list), or what a plain object
// answers for a key it does not have (undefined, or an Object.prototype member such as
// `constructor`: zxcvbn-ts's own objects answer that, and the verdicts must not change).
// zxcvbn-ts builds an object of up to 65,000 keys per dictionary, ~100 ms of CPU for the 138,000
// words on a cold start. Here the words come sorted and grouped by their first two characters
// (./build-dictionaries.ts); a group is split into words the first time a lookup needs it and
// searched by bisection, so a check touches only the groups its substrings start with (about a
// tenth of the words for a typical password).

/** No word of the dictionaries holds a comma (the German lists come comma-joined); unlike a newline it needs no escape, which makes the module quicker to parse. */
export const WORD_SEPARATOR = ',';

/** What ./build-dictionaries.ts generates for one dictionary. */
export interface DictionaryData {
  name: string;
  maxWordSize: number;
  /** The words sorted by UTF-16 code units, joined by WORD_SEPARATOR. */
  words: string;
  /** Each sorted word's rank as base64 of a little-endian 16-bit number. */
  ranks: string;
  /** Consecutive groups of words sharing their first two characters: [groupKey, words, characters incl. separators]. */
  groups: readonly (readonly [number, number, number])[];
}

/** The group of a word: its first two UTF-16 code units (a shorter word has its own group). */
export function groupKey(word: string): number {
  const a = word.length > 0 ? word.charCodeAt(0) + 1 : 0;
  const b = word.length > 1 ? word.charCodeAt(1) + 1 : 0;
  return a * 65537 + b;
}

interface Group { first: number; start: number; end: number; words?: string[] }

const inheritedNames = Object.getOwnPropertyNames(Object.prototype);

/** `dict[word]` → rank. */
export function rankedLookup(data: DictionaryData): Record<string, number> {
  const groups = new Map<number, Group>();
  let first = 0;
  let start = 0;
  for (const [key, count, chars] of data.groups) {
    groups.set(key, { first, start, end: start + chars - 1 });
    first += count;
    start += chars;
  }
  let ranks: string | undefined;
  const rankOf = (word: string): number | undefined => {
    const g = groups.get(groupKey(word));
    if (!g) return undefined;
    const words = (g.words ??= data.words.slice(g.start, g.end).split(WORD_SEPARATOR));
    let lo = 0;
    let hi = words.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const w = words[mid]!;
      if (w < word) lo = mid + 1;
      else if (w > word) hi = mid - 1;
      else {
        ranks ??= atob(data.ranks);
        const at = 2 * (g.first + mid);
        return ranks.charCodeAt(at) | (ranks.charCodeAt(at + 1) << 8);
      }
    }
    return undefined;
  };
  // The target stays an empty plain object: what it answers is what zxcvbn-ts's object answers for a word it lacks.
  const empty: Record<PropertyKey, unknown> = {};
  return new Proxy(empty, {
    get: (_, key) => (typeof key === 'string' ? (rankOf(key) ?? (inheritedNames.includes(key) ? empty[key] : undefined)) : empty[key]),
  }) as Record<string, number>;
}
