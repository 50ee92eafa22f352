import * as zm from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import './german-errors.ts';

// The rules every client string obeys, as zod checks: shared by the full schemas (common.ts,
// `z.string().check(...)`) and the few written with zod/mini (the public card's, shared/schemas/card.ts),
// whose route must not load all of zod on a cold start. One definition, two kinds of schema.

// C0 and C1 controls (tab, line feed and carriage return only in multi-line fields), the bidi
// embedding/override/isolate controls (text that displays differently from what it is) and the
// interlinear annotation characters. Lone surrogates are checked with isWellFormed.
const UNSAFE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufff9-\ufffb]/;
const UNSAFE_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufff9-\ufffb]/;

function isWellFormed(value: string): boolean {
  // A lone surrogate cannot be stored as UTF-8 (DynamoDB, CSV, JSON all turn it into U+FFFD).
  return /^(?:[^\ud800-\udfff]|[\ud800-\udbff][\udc00-\udfff])*$/.test(value);
}

/** True when `value` holds no control character (except line breaks and tabs if `multiline`) and no lone surrogate. */
export function isSafeText(value: string, multiline = false): boolean {
  return isWellFormed(value) && !(multiline ? UNSAFE_MULTILINE : UNSAFE_LINE).test(value);
}

export interface TextRuleOptions {
  /** Longest allowed length after normalisation and trimming (UTF-16 units). Required: no string is unbounded. */
  max: number;
  /** Line breaks and tabs allowed (notes, CSS). */
  multiline?: boolean;
  /** Keep leading and trailing white space (passwords). */
  keepSpace?: boolean;
}

/**
 * NFC-normalised (so `é` typed two ways is one value), trimmed (a tab or line break pasted around
 * a value is dropped, not refused), refused with a German message when it still holds control
 * characters or lone surrogates, and at most `max` long.
 */
export function textChecks(o: TextRuleOptions) {
  return [
    zm.normalize('NFC'),
    ...(o.keepSpace ? [] : [zm.trim()]),
    zm.refine<string>((v) => isSafeText(v, o.multiline), { error: msg.validation.unsafeText, abort: true }),
    zm.maxLength(o.max, msg.validation.tooLong),
  ];
}

/** Ids in paths and bodies: UUIDs and the fixed group ids; at most 64 characters of a safe set (a DynamoDB key stays far below 2 KB). */
export const ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

export function idChecks() {
  return [...textChecks({ max: 64 }), zm.minLength(1, msg.validation.required), zm.regex(ID_PATTERN, msg.validation.invalidFormat)];
}
