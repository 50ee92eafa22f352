import * as z from 'zod';
import { msg } from '../messages.ts';
import './german-errors.ts';
import { isHttpUrl } from '../card/links.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/**
 * Empty strings count as absent (spec §5): '' and '   ' become undefined before validation,
 * so a required field reports "Pflichtfeld" and an optional one is simply left out.
 */
export function blankAsAbsent<S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, z.input<S>> {
  return z.preprocess(blank, schema) as unknown as z.ZodType<z.output<S>, z.input<S>>;
}

const requiredOr = (invalid: string) => (issue: { input?: unknown }) =>
  issue.input === undefined ? msg.validation.required : invalid;

/** A required, trimmed text of at least `min` characters. */
export function requiredText(min = 1, minMessage: string = msg.validation.required, max = 200) {
  return blankAsAbsent(
    z.string({ error: requiredOr(msg.validation.required) }).trim().min(min, minMessage).max(max, msg.validation.tooLong),
  );
}

/** An optional trimmed text; blank means absent. */
export function optionalText(max = 2000) {
  return blankAsAbsent(z.string().trim().max(max, msg.validation.tooLong).optional());
}

export const requiredEmail = blankAsAbsent(
  z.string({ error: requiredOr(msg.validation.email) }).trim().max(254, msg.validation.tooLong).pipe(z.email(msg.validation.email)),
);

/** An optional http(s) link (spec §5: 'Muss mit http:// oder https:// beginnen'); blank means absent. */
export function optionalHttpLink(max = 2000) {
  return blankAsAbsent(z.string().trim().max(max, msg.validation.tooLong).refine(isHttpUrl, msg.validation.httpLink).optional());
}

/** A required http(s) link. */
export function requiredHttpLink(max = 2000) {
  return blankAsAbsent(
    z.string({ error: requiredOr(msg.validation.required) }).trim().max(max, msg.validation.tooLong).refine(isHttpUrl, msg.validation.httpLink),
  );
}

export { isHttpUrl };

export const idSchema = z.string().trim().min(1, msg.validation.required).max(64);

/**
 * Query of a list that answers in pages: at most `limit` items, continuing after `cursor` (the
 * previous page's `nextCursor`, opaque to the client).
 */
export function pageQuery(o: { defaultLimit: number; maxLimit: number }) {
  const limitError = msg.validation.pageLimit(o.maxLimit);
  const limit = z.coerce.number<number | string>({ error: () => limitError }).int(limitError).min(1, limitError).max(o.maxLimit, limitError);
  return z
    .object({
      limit: blankAsAbsent(limit.optional()).optional(),
      cursor: blankAsAbsent(z.string().max(2000, msg.validation.pageCursor).optional()).optional(),
    })
    .transform((q) => ({ ...q, limit: q.limit ?? o.defaultLimit }));
}

/** One page of a list; `nextCursor` is absent on the last page. */
export function pageOf<S extends z.ZodType>(item: S) {
  return z.object({ items: z.array(item), nextCursor: z.string().optional() });
}

/** Turns zod issues into `{ "a.b": "first message" }` for the form that sent them. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
