import * as z from 'zod/mini';
import { privacyMessages as m } from '../messages/privacy.ts';
import { exportMessages } from '../messages/export.ts';
import { exportFormats } from './export.ts';
import { blankAsAbsent, idSchema, safeString } from './common.ts';
import { commonMessages as msg } from '../messages/common.ts';

const day = z.optional(blankAsAbsent(z.optional(z.string().check(z.maxLength(10, m.errors.date), z.regex(/^\d{4}-\d{2}-\d{2}$/, m.errors.date)))));
const optionalId = z.optional(blankAsAbsent(z.optional(idSchema)));

/** Filters of the audit log: company (required for company users), object, person (username or id), date range (UTC days, inclusive). */
const filterShape = {
  companyId: optionalId,
  objectId: optionalId,
  actor: z.optional(blankAsAbsent(z.optional(safeString({ max: 200 })))),
  from: day,
  to: day,
};
const dateOrder = z.refine<{ from?: string | undefined; to?: string | undefined }>((q) => !q.from || !q.to || q.from <= q.to, { message: m.errors.dateOrder, path: ['to'] });

export const auditFilterSchema = z.object(filterShape).check(dateOrder);
export type AuditFilter = z.output<typeof auditFilterSchema>;

const limitError = msg.validation.pageLimit(200);
const limit = z.coerce.number<number | string>({ error: () => limitError }).check(z.int(limitError), z.gte(1, limitError), z.lte(200, limitError));
const listShape = z.object({
  ...filterShape,
  limit: z.optional(blankAsAbsent(z.optional(limit))),
  cursor: z.optional(blankAsAbsent(z.optional(z.string().check(z.maxLength(2000, msg.validation.pageCursor), z.regex(/^[A-Za-z0-9_-]+$/, msg.validation.pageCursor))))),
}).check(dateOrder);
/** The list's filters plus a page: `limit` 1–200 (default 50) and the previous page's `cursor`. */
export const auditListQuery = z.pipe(listShape, z.transform((q: z.output<typeof listShape>) => ({ ...q, limit: q.limit ?? 50 })));
export const auditExportQuery = z.object({
  ...filterShape,
  format: z._default(z.enum(exportFormats, { error: () => exportMessages.errors.format }), 'csv'),
}).check(dateOrder);

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  route: z.optional(z.string()),
  objectType: z.string(),
  objectId: z.string(),
  companyId: z.optional(z.string()),
  fields: z.array(z.string()),
  detail: z.optional(z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]))),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.optional(z.string()) });

/** Export and erasure of one card (DSGVO Art. 15, 17). */
export const privacyPersonParams = z.object({ id: idSchema });
/** The erasure asks for the card's id once more, so a slip of the mouse erases nothing. */
export const eraseBodySchema = z.object({ confirm: idSchema });
export const erasureSchema = z.object({
  id: z.string(),
  erasedAt: z.string(),
  erasedBy: z.string(),
  companyId: z.string(),
  /** What was removed, by kind (counts only): card, images, files, statistics days, wallet registrations … */
  removed: z.record(z.string(), z.number()),
});
export type Erasure = z.output<typeof erasureSchema>;
