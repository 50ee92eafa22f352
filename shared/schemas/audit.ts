import * as z from 'zod';
import { privacyMessages as m } from '../messages/privacy.ts';
import { exportFormats } from './export.ts';
import { idSchema, pageQuery, safeString } from './common.ts';

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const day = z.preprocess(blank, z.string().max(10, m.errors.date).regex(/^\d{4}-\d{2}-\d{2}$/, m.errors.date).optional());

/** Filters of the audit log: company (required for company users), object, person (username or id), date range (UTC days, inclusive). */
const filterShape = {
  companyId: z.preprocess(blank, idSchema.optional()),
  objectId: z.preprocess(blank, idSchema.optional()),
  actor: z.preprocess(blank, safeString({ max: 200 }).optional()),
  from: day,
  to: day,
};
const dateOrder = (q: { from?: string | undefined; to?: string | undefined }) => !q.from || !q.to || q.from <= q.to;

export const auditFilterSchema = z.object(filterShape).refine(dateOrder, { message: m.errors.dateOrder, path: ['to'] });
export type AuditFilter = z.output<typeof auditFilterSchema>;

const page = pageQuery({ defaultLimit: 50, maxLimit: 200 });
export const auditListQuery = z.object({ ...filterShape, limit: z.unknown().optional(), cursor: z.unknown().optional() })
  .refine(dateOrder, { message: m.errors.dateOrder, path: ['to'] })
  .transform((q, ctx) => {
    const p = page.safeParse({ limit: q.limit, cursor: q.cursor });
    if (!p.success) {
      for (const issue of p.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    const { limit: _limit, cursor: _cursor, ...filter } = q;
    return { ...filter, ...p.data };
  });
export const auditExportQuery = z.object({ ...filterShape, format: z.enum(exportFormats, { error: () => 'Bitte als Format „csv“ oder „xlsx“ angeben.' }).default('csv') })
  .refine(dateOrder, { message: m.errors.dateOrder, path: ['to'] });

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorName: z.string(),
  actorRole: z.string(),
  action: z.string(),
  route: z.string().optional(),
  objectType: z.string(),
  objectId: z.string(),
  companyId: z.string().optional(),
  fields: z.array(z.string()),
  detail: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ items: z.array(auditEntrySchema), nextCursor: z.string().optional() });

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
