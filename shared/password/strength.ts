import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { commonMessages as msg } from '../messages/common.ts';
import { MIN_PASSWORD_LENGTH, MIN_PASSWORD_SCORE } from './rules.ts';
import { adjacencyGraphs, rankedDictionaryData, translations } from './ranked-dictionaries.ts';
import { rankedLookup } from './ranked-lookup.ts';

// The strength estimate (zxcvbn-ts with its common and German dictionaries: common passwords,
// words, names, keyboard patterns). About 1.8 MB of dictionaries: import this module dynamically,
// never from a page or Lambda path that does not set or check a password.

/** What zxcvbn-ts keeps of its dictionaries (core/src/Options.ts); the fields are private in its types. */
interface RankedOptions { rankedDictionaries: Record<string, Record<string, number>>; rankedDictionariesMaxWordSize: Record<string, number> }

let factory: ZxcvbnFactory | undefined;

/** zxcvbn-ts with the dictionaries ranked at build time (exported for the sameness test). */
export function zxcvbn(): ZxcvbnFactory {
  // zxcvbn-ts ranks the dictionaries it is given into objects of 138,000 keys, ~100 ms of CPU
  // on every cold start. Its matchers get the dictionaries ranked at build time instead
  // (./build-dictionaries.ts), looked up as they are (./ranked-lookup.ts);
  // test/unit/password-strength-sameness.test.ts holds the results equal to zxcvbn-ts's own.
  // Levenshtein matching stays off: it makes a check cost up to a second, and near-misses of
  // dictionary words are still found as l33t/variants.
  if (!factory) {
    const f = new ZxcvbnFactory({ graphs: adjacencyGraphs, translations });
    const options = (f as unknown as { options: RankedOptions }).options;
    options.rankedDictionaries = Object.fromEntries(rankedDictionaryData.map((d) => [d.name, rankedLookup(d)]));
    options.rankedDictionariesMaxWordSize = Object.fromEntries(rankedDictionaryData.map((d) => [d.name, d.maxWordSize]));
    factory = f;
  }
  return factory;
}

export interface PasswordStrength {
  /** 0 (guessable at once) to 4 (very strong). */
  score: number;
  /** German reason the password is refused; undefined when it is good enough. */
  problem?: string;
}

/**
 * How guessable a password is, with `userInputs` (username, e-mail, names, the product's name)
 * counted as known to an attacker. Refused below MIN_PASSWORD_SCORE or MIN_PASSWORD_LENGTH.
 */
export function passwordStrength(password: string, userInputs: readonly string[] = [], account: { username?: string; email?: string } = {}): PasswordStrength {
  if (password.length < MIN_PASSWORD_LENGTH) return { score: 0, problem: msg.validation.passwordMin };
  // The account's own name or mailbox is the first thing tried (zxcvbn only weighs it as one word among many).
  const lower = password.toLowerCase();
  const own = [account.username, account.email?.split('@')[0]].map((v) => v?.trim().toLowerCase() ?? '').filter((v) => v.length >= 4);
  if (own.some((v) => lower.includes(v))) return { score: 0, problem: msg.validation.passwordHasAccount };
  const inputs = [...userInputs, ...userInputs.flatMap((u) => u.split(/[@._\s-]+/)), 'visitenkarte', 'visitenkarten']
    .map((u) => u.trim().toLowerCase())
    .filter((u) => u.length >= 3);
  const result = zxcvbn().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return { score: result.score };
  const why = [result.feedback.warning, ...result.feedback.suggestions].filter((s): s is string => Boolean(s));
  return { score: result.score, problem: [msg.validation.passwordWeak, ...why].join(' ') };
}
