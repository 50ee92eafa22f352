// A zxcvbn dictionary looked up as zxcvbn-ts looks up the objects it would build itself:
// `dict[word]` is the word's rank (its 1-based position in the list), or what a plain object
// answers for a key it does not have (undefined, or an Object.prototype member such as
// `constructor`: zxcvbn-ts's own objects answer that, and the verdicts must not change).
// zxcvbn-ts builds an object of up to 65,000 keys per dictionary, ~100 ms of CPU for the 138,000
// words on a cold start. This indexes the words by a hash into a typed array instead, in list
// order, so the rank is the position and no rank table has to be stored or loaded.

/** FNV-1a over UTF-16 code units. */
function hashOf(word: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

// The dictionary matcher asks every dictionary for the same substring in turn: hash it once.
let lastWord: string | undefined;
let lastHash = 0;
const hashCached = (word: string) => (word === lastWord ? lastHash : (lastHash = hashOf((lastWord = word))));

const inheritedNames = Object.getOwnPropertyNames(Object.prototype);

/** `dict[word]` → rank, for a list of words in rank order (the list as zxcvbn-ts gets it). */
export function rankedLookup(words: readonly string[]): Record<string, number> {
  let size = 2;
  while (size < words.length * 2) size *= 2;
  const mask = size - 1;
  // Slot → position + 1 (0: empty). A repeated word keeps its last position, as in zxcvbn-ts's object.
  const slots = new Int32Array(size);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    // An object literal's `__proto__` key would set its prototype, not become a word.
    if (w === '__proto__') continue;
    let s = hashOf(w) & mask;
    while (slots[s] !== 0 && words[slots[s]! - 1] !== w) s = (s + 1) & mask;
    slots[s] = i + 1;
  }
  const rankOf = (word: string): number | undefined => {
    let s = hashCached(word) & mask;
    for (let p = slots[s]!; p !== 0; p = slots[s]!) {
      if (words[p - 1] === word) return p;
      s = (s + 1) & mask;
    }
    return undefined;
  };
  // The target stays an empty plain object: what it answers is what zxcvbn-ts's object answers for a word it lacks.
  const empty: Record<PropertyKey, unknown> = {};
  return new Proxy(empty, {
    get: (_, key) => (typeof key === 'string' ? (rankOf(key) ?? (inheritedNames.includes(key) ? empty[key] : undefined)) : empty[key]),
  }) as Record<string, number>;
}
