import * as z from 'zod/mini';

// Apart from the public card's schemas (shared/schemas/card.ts), whose cold start builds only what it parses.
/** Whose card an id is (`GET /api/card/company/card/{id}`): a V2 card or a legacy one (admins). */
export const cardSummarySchema = z.object({
  id: z.string(),
  kind: z.enum(['card', 'legacy']),
  firstname: z.string(),
  lastname: z.string(),
  companyId: z.string(),
  isActive: z.boolean(),
});
export type CardSummary = z.output<typeof cardSummarySchema>;
