import * as z from 'zod/mini';
import { privacyMessages as m } from '../messages/privacy.ts';
import { exportFormats } from './export.ts';
import { idSchema, pageQuery, safeString } from './common.ts';

const day = z.optional(z.string().check(z.maxLength(10, m.errors.date), z.regex(/^\d{4}-\d{2}-\d{2}$/, m.errors.date)));
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

/** Filters of the audit log: company (required for company users), object, person (username or id), date range (Berlin days, inclusive). */
export const auditFilterSchema = z.object({
  companyId: z.optional(z.pipe(z.transform(blank), z.optional(idSchema))),
  objectId: z.optional(z.pipe(z.transform(blank), z.optional(idSchema))),
  actor: z.optional(z.pipe(z.transform(blank), z.optional(safeString({ max: 200 })))),
  from: z.optional(z.pipe(z.transform(blank), day)),
  to: z.optional(z.pipe(z.transform(blank), day)),
}).check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: m.errors.dateOrder, path: ['to'] }));

export const auditListQuery = z.intersection(auditFilterSchema, pageQuery({ defaultLimit: 50, maxLimit: 200 }));
export const auditExportQuery = z.intersection(auditFilterSchema, z.object({ format: z._default(z.enum(exportFormats), 'csv') }));
export type AuditFilter = z.output<typeof auditFilterSchema>;

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
  /** What was removed, by kind (counts only): card, match entries, images, files, statistics days, wallet registrations … */
  removed: z.record(z.string(), z.number()),
});
export type Erasure = z.output<typeof erasureSchema>;
