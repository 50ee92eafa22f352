import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import './german-errors.ts';
import { isHttpUrl } from '../card/links.ts';
import { idChecks, textChecks } from './text-rules.ts';
import type { TextRuleOptions } from './text-rules.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Empty strings count as absent (spec §5): '' and '   ' become undefined before validation,
 * so a required field reports "Pflichtfeld" and an optional one is simply left out. Typed as the
 * schema itself (a blank is absent, so input and output stay the schema's, optional keys optional);
 * it is a pipe, so call no method of the schema's own kind on it.
 */
export function blankAsAbsent<S extends z.ZodMiniType>(schema: S): S {
  return z.pipe(z.transform(blank), schema) as unknown as S;
}

const requiredOr = (invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? msg.validation.required : invalid;

// ---- Text rules: EVERY string a client sends goes through `safeString` (directly or through
// the helpers below), so it is bounded, NFC-normalised and free of invisible control characters
// (the checks live in text-rules.ts). test/unit/schema-bounds.test.ts walks every route's schemas
// and fails for an unbounded string.

export { isSafeText } from './text-rules.ts';

export interface SafeStringOptions extends TextRuleOptions {
  /** Message for a missing or non-string value. */
  error?: Parameters<typeof z.string>[0];
}

/**
 * The base of every client string: NFC-normalised, trimmed, refused with a German message when it
 * still holds control characters or lone surrogates, and at most `max` long (text-rules.ts).
 */
export function safeString(o: SafeStringOptions) {
  return z.string(o.error).check(...textChecks(o));
}

/** A required, trimmed text of at least `min` characters. */
export function requiredText(min = 1, minMessage: string = msg.validation.required, max = 200) {
  return blankAsAbsent(
    safeString({ max, error: { error: requiredOr(msg.validation.required) } }).check(z.minLength(min, minMessage)),
  );
}

/** An optional trimmed text; blank means absent. `multiline` allows line breaks and tabs. */
export function optionalText(max = 2000, o: { multiline?: boolean } = {}) {
  return blankAsAbsent(z.optional(safeString({ max, ...o })));
}

/**
 * Usernames: letters a-z (either case), digits and `.`, `_`, `-`, `@`, starting with a letter or
 * digit. No spaces, accents or invisible characters, so two accounts cannot look alike.
 */
export const USERNAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._@-]*$/;
export function usernameSchema() {
  return blankAsAbsent(
    safeString({ max: 100, error: { error: requiredOr(msg.validation.required) } })
      .check(z.minLength(2, msg.validation.min2), z.regex(USERNAME_PATTERN, msg.validation.username)),
  );
}

export const requiredEmail = blankAsAbsent(
  z.pipe(safeString({ max: 254, error: { error: requiredOr(msg.validation.email) } }), z.email(msg.validation.email)),
);

/** An optional http(s) link (spec §5: 'Muss mit http:// oder https:// beginnen'); blank means absent. */
export function optionalHttpLink(max = 2000) {
  return blankAsAbsent(z.optional(safeString({ max }).check(z.refine(isHttpUrl, msg.validation.httpLink))));
}

/** A required http(s) link. */
export function requiredHttpLink(max = 2000) {
  return blankAsAbsent(
    safeString({ max, error: { error: requiredOr(msg.validation.required) } }).check(z.refine(isHttpUrl, msg.validation.httpLink)),
  );
}

export { isHttpUrl };

/** Ids in paths and bodies: UUIDs and the fixed group ids; at most 64 characters of a safe set (a DynamoDB key stays far below 2 KB). */
export const idSchema = z.string().check(...idChecks());

/**
 * Query of a list that answers in pages: at most `limit` items, continuing after `cursor` (the
 * previous page's `nextCursor`, opaque to the client).
 */
export function pageQuery(o: { defaultLimit: number; maxLimit: number }) {
  const limitError = msg.validation.pageLimit(o.maxLimit);
  const limit = z.coerce.number<number | string>({ error: () => limitError }).check(z.int(limitError), z.gte(1, limitError), z.lte(o.maxLimit, limitError));
  const query = z.object({
    limit: z.optional(blankAsAbsent(z.optional(limit))),
    cursor: z.optional(blankAsAbsent(z.optional(z.string().check(z.maxLength(2000, msg.validation.pageCursor), z.regex(/^[A-Za-z0-9_-]+$/, msg.validation.pageCursor))))),
  });
  return z.pipe(query, z.transform((q: z.output<typeof query>) => ({ ...q, limit: q.limit ?? o.defaultLimit })));
}

/** One page of a list; `nextCursor` is absent on the last page. */
export function pageOf<S extends z.ZodMiniType>(item: S) {
  return z.object({ items: z.array(item), nextCursor: z.optional(z.string()) });
}

export { fieldErrorsOf } from './field-errors.ts';
