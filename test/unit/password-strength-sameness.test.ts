import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type { ZxcvbnResult } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as germanDictionary, translations } from '@zxcvbn-ts/language-de';
import { passwordStrength, zxcvbn } from '../../shared/password/strength.ts';
import { dictionaryData, generatedFile, rankedDictionariesSource } from '../../shared/password/build-dictionaries.ts';
import { rankedLookup } from '../../shared/password/ranked-lookup.ts';

// The password estimate gets its dictionaries ranked at build time instead of letting zxcvbn-ts
// rank them at every cold start. Its verdicts must stay exactly zxcvbn-ts's own: every field of
// the result (score, guesses, the matched sequence, feedback) is compared with a stock
// ZxcvbnFactory given the same dictionaries, for a corpus of common passwords, German words,
// names, keyboard walks, dates, l33t, repeats and strong ones.

/** A fixed pseudo-random sequence, so the corpus is the same in every run. */
function rng(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

const every = <T>(list: readonly T[], step: number, from = 0) => list.filter((_, i) => i >= from && (i - from) % step === 0);
const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

function corpus(): string[] {
  const random = rng(22);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const common = commonDictionary['passwords-common'].map(String);
  const words = germanDictionary.commonWords.map(String);
  const wiki = germanDictionary.wikipedia.map(String);
  const first = germanDictionary.firstnames.map(String);
  const last = germanDictionary.lastnames.map(String);
  const dice = commonDictionary['diceware-common'].map(String);
  const list = [
    // The most common passwords, and some from deep in the list, plain and dressed up.
    ...common.slice(0, 40),
    ...every(common, 1000, 77),
    ...every(common, 1500, 311).map((w) => `${cap(w)}2024!`),
    ...every(common, 2500, 5).map((w) => w.split('').reverse().join('')),
    // German words: alone, capitalised with digits, two or three together.
    ...every(words, 400, 3),
    ...every(words, 600, 11).map((w) => `${cap(w)}${Math.floor(random() * 10000)}`),
    ...Array.from({ length: 20 }, () => `${cap(pick(words))}-${cap(pick(words))}-${Math.floor(random() * 100)}`),
    ...Array.from({ length: 15 }, () => `${pick(wiki)} ${pick(wiki)} ${pick(wiki)}`),
    ...every(wiki, 3000, 17).map((w) => `${w}${w}`),
    // Names and years.
    ...every(first, 40, 2).map((n) => `${cap(n)}${1950 + Math.floor(random() * 70)}`),
    ...every(last, 150, 9).map((n) => `${cap(pick(first))}.${cap(n)}`),
    // Diceware passphrases.
    ...Array.from({ length: 10 }, () => `${pick(dice)} ${pick(dice)} ${pick(dice)} ${pick(dice)}`),
    // Keyboard walks (QWERTZ and QWERTY), sequences, repeats, dates.
    'qwertzuiopü', 'asdfghjklöä', 'yxcvbnm,.-', '1qay2wsx3edc', '!QAY"WSX§EDC', 'zxcvbnm12345', 'qwertyuiop[]',
    '1q2w3e4r5t6z', 'ztrewq654321', 'poiuztrewq', 'qaywsxedcrfv', '147258369147', 'mnbvcxy09876',
    'abcdefghijklm', 'zyxwvutsrqpo', '123456789012', '987654321098', 'acegikmoqsuw', '135791357913',
    'aaaaaaaaaaaaa', 'abcabcabcabc', 'passwortpasswort', 'hallohallohallo', '121212121212', 'xyzxyzxyz123',
    '01.01.1990aaa', '31121999!!!!', '2023-10-03 Einheit', '19.07.1984 Anna', '04/05/2001xyz', '1.1.2000 neu',
    // l33t and shifted spellings of common words.
    'P@ssw0rt1234', 'Pa$$wort2024', 'H4ll0W3lt!!!', 'S0mm3rf3r13n', 'M4rt1n@2020!', '5ch4tz1l3in!',
    'L1ebe&Fri3de', 'w1nt3rz31t!!', 'F3uerw3hr112', 'B4y3rnMünch3n',
    // Word sequences, umlauts, spaces, long passphrases.
    'eins zwei drei vier', 'Montag Dienstag Mittwoch', 'Januar Februar März', 'Nord Süd Ost West',
    'Grüße aus München', 'Straße1234567', 'Füße über Brücken', 'ÄÖÜäöüß12345', 'korrekt Pferd Batterie Heftklammer',
    'ich liebe dich für immer', 'Das ist mein Passwort', 'einfach nur lang genug hier',
    // Keys every plain object has: zxcvbn-ts's own objects answer them too, and so must ours.
    'constructor12345', 'xxconstructorxx', '__proto__pass12', 'toString-valueOf', 'hasownproperty1',
    // Strong ones.
    'Xk9#vQ2$mL7!pR4@', 'tW8&zN3^bH6*eJ1%', 'q7Rz-Lm2T-9vKc-WxP4', 'Birke-Sand-Tinte-88', 'Kalt-Ofen-Bench-731',
    'u3Gk!Pz9Wq2@Lr8#', 'Rind Walze Kuppel Nebel 47', 'Zwölf Boxkämpfer jagen Viktor quer über den großen Sylter Deich',
    'x'.repeat(199) + 'y', 'aB3$'.repeat(50),
  ];
  return [...new Set(list)];
}

/** The result without its timing (calcTime differs between any two runs). */
function comparable(r: ZxcvbnResult): unknown {
  const { calcTime: _, ...rest } = r;
  return JSON.parse(JSON.stringify(rest, (_k, v: unknown) => (typeof v === 'function' ? `function ${(v as { name: string }).name}` : v)));
}

describe('the dictionary index answers as the object zxcvbn-ts builds', () => {
  // zxcvbn-ts: `result[word] = counter++` over the list, then `rankedDict[substring]`.
  function stockObject(list: string[]): Record<string, unknown> {
    const result: Record<string, unknown> = {};
    list.forEach((w, i) => { result[w] = i + 1; });
    return result;
  }

  test('ranks, repeated words, missing words and the keys every object has', () => {
    const list = ['passwort', 'hallo', 'sonne', 'hallo', '__proto__', 'ü', '', 'x'.repeat(40)];
    const ours = rankedLookup(dictionaryData('test', list));
    const stock = stockObject(list);
    for (const key of [...list, 'nicht', 'hall', 'hallo2', 'constructor', '__proto__', 'tostring', 'valueOf', 'hasOwnProperty', 'x'.repeat(41)]) {
      expect(ours[key], key).toBe(stock[key]);
    }
    expect(ours.hallo).toBe(4);
  });

  test('many words, hash collisions included', () => {
    const list = Array.from({ length: 5000 }, (_, i) => `w${(i * 7919) % 5003}`);
    const ours = rankedLookup(dictionaryData('test', list));
    const stock = stockObject(list);
    for (let i = 0; i < 6000; i++) expect(ours[`w${i}`]).toBe(stock[`w${i}`]);
  });
});

describe('password strength with build-time ranked dictionaries', () => {
  let stock: ZxcvbnFactory;
  beforeAll(() => {
    stock = new ZxcvbnFactory({ dictionary: { ...commonDictionary, ...germanDictionary }, graphs: adjacencyGraphs, translations });
  });

  test('the generated module is current (npm run dictionaries after updating @zxcvbn-ts/language-*)', () => {
    expect(readFileSync(generatedFile, 'utf8') === rankedDictionariesSource()).toBe(true);
  });

  test('gives exactly zxcvbn-ts\'s own results for a corpus of a few hundred passwords', () => {
    const passwords = corpus();
    expect(passwords.length).toBeGreaterThan(300);
    const scores = new Set<number>();
    for (const password of passwords) {
      const expected = comparable(stock.check(password, ['visitenkarte']));
      scores.add((expected as { score: number }).score);
      expect(comparable(zxcvbn().check(password, ['visitenkarte'])), password).toEqual(expected);
    }
    // The corpus spans the scale: every score from 0 to 4 occurs.
    expect([...scores].sort()).toEqual([0, 1, 2, 3, 4]);
  });

  test('with the account\'s names as known words, as the server and the web app check them', () => {
    const inputs = ['max.mustermann', 'max.mustermann@beispiel.de', 'Max', 'Mustermann', 'max', 'mustermann', 'beispiel', 'visitenkarte', 'visitenkarten'];
    for (const password of ['Mustermann1990!', 'beispiel-passwort', 'MaxBeispiel2024', 'Visitenkarte123', 'nnamretsum2020', 'Kalt-Ofen-Bench-731']) {
      expect(comparable(zxcvbn().check(password, inputs)), password).toEqual(comparable(stock.check(password, inputs)));
    }
  });

  test('still refuses what it refused: common, German and name-based passwords', () => {
    expect(passwordStrength('passwort1234')).toEqual({
      score: 1,
      problem: 'Dieses Passwort ist zu leicht zu erraten. Dies weist Ähnlichkeit zu anderen oft verwendeten Passwörtern auf. Weitere Wörter, die weniger häufig vorkommen, hinzufügen.',
    });
    expect(passwordStrength('Sommerferien2024').score).toBe(2);
    expect(passwordStrength('Mustermann1990', ['Max Mustermann'])).toMatchObject({ score: 1, problem: expect.stringContaining('persönlichen') });
    expect(passwordStrength('Birke-Sand-Tinte-88')).toEqual({ score: 4 });
  });
});
