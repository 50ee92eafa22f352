import * as z from 'zod';
import { msg } from '../messages.ts';
import { blankAsAbsent, idSchema, optionalText, pageOf, pageQuery, requiredText, safeString } from './common.ts';
import { exportFormatQuery } from './export.ts';

const m = msg.contact.errors;

/** How long contacts are kept by default (company setting `contactRetentionMonths`). */
export const DEFAULT_CONTACT_RETENTION_MONTHS = 12;
export const MAX_CONTACT_RETENTION_MONTHS = 60;

export const contactRetentionSchema = z
  .number({ error: () => m.retention })
  .int(m.retention)
  .min(1, m.retention)
  .max(MAX_CONTACT_RETENTION_MONTHS, m.retention);

/** Bounds of what a visitor may leave (the public route also refuses bodies over 64 KB unread). */
export const contactLimits = { name: 200, email: 254, phone: 50, company: 200, message: 2000 } as const;

const phone = blankAsAbsent(
  safeString({ max: contactLimits.phone }).regex(/^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/, m.phone).optional(),
);
const email = blankAsAbsent(safeString({ max: contactLimits.email }).pipe(z.email(msg.validation.email)).optional());

/**
 * What a visitor sends with "Kontakt austauschen". Name and one way to reach them (e-mail or
 * phone); consent must be given. `homepage` is the honeypot: a field people never see, which
 * form-filling bots fill in (the route then answers as usual and keeps nothing).
 */
export const contactRequestSchema = z
  .object({
    name: requiredText(1, msg.validation.required, contactLimits.name),
    email,
    phone,
    company: optionalText(contactLimits.company),
    message: optionalText(contactLimits.message, { multiline: true }),
    consent: z.literal(true, { error: () => m.consent }),
    homepage: optionalText(500),
  })
  .superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: m.emailOrPhone });
  });
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactCardParams = z.object({ id: idSchema });
export const contactIdParams = z.object({ id: idSchema });

/** A company's contacts, or one card's (`personId`), newest first, in pages. */
const page = pageQuery({ defaultLimit: 200, maxLimit: 500 });
export const contactListQuery = z
  .object({ companyId: idSchema, personId: blankAsAbsent(idSchema.optional()).optional(), ...page.in.shape })
  .transform((q) => ({ ...q, limit: q.limit ?? 200 }));

export const contactExportQuery = z.object({
  companyId: idSchema,
  personId: blankAsAbsent(idSchema.optional()).optional(),
  ...exportFormatQuery.shape,
});

/** A contact as the back office sees it. `cardName` is the card holder's name when the contact came in. */
export const contactSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  personId: z.string(),
  cardName: z.string(),
  name: z.string(),
  email: z.string().optional(),
  phone: z.string().optional(),
  company: z.string().optional(),
  message: z.string().optional(),
  createdAt: z.string(),
  /** When it is deleted automatically (ISO date-time). */
  expiresAt: z.string(),
});
export type Contact = z.output<typeof contactSchema>;

export const contactPageSchema = pageOf(contactSchema);

/** The public answer: nothing but that it arrived. */
export const contactReceivedSchema = z.object({ ok: z.literal(true) });
