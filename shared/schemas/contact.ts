import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { contactMessages } from '../messages/contact.ts';
import { blankAsAbsent, idSchema, optionalText, pageOf, pageQuery, requiredText, safeString } from './common.ts';
import { exportFormatQuery } from './export.ts';

const m = contactMessages.errors;

/** How long contacts are kept by default (company setting `contactRetentionMonths`). */
export const DEFAULT_CONTACT_RETENTION_MONTHS = 12;
export const MAX_CONTACT_RETENTION_MONTHS = 60;

export const contactRetentionSchema = z
  .number({ error: () => m.retention })
  .check(z.int(m.retention), z.gte(1, m.retention), z.lte(MAX_CONTACT_RETENTION_MONTHS, m.retention));

/** Bounds of what a visitor may leave (the public route also refuses bodies over 64 KB unread). */
export const contactLimits = { name: 200, email: 254, phone: 50, company: 200, message: 2000 } as const;

const phone = blankAsAbsent(z.optional(
  safeString({ max: contactLimits.phone }).check(z.regex(/^\+?[0-9 ()/.-]*[0-9][0-9 ()/.-]*$/, m.phone)),
));
const email = blankAsAbsent(z.optional(z.pipe(safeString({ max: contactLimits.email }), z.email(msg.validation.email))));

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
  .check(z.superRefine((v, ctx) => {
    if (!v.email && !v.phone) ctx.addIssue({ code: 'custom', path: ['email'], message: m.emailOrPhone, input: v });
  }));
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
export type ContactRequest = z.output<typeof contactRequestSchema>;

export const contactCardParams = z.object({ id: idSchema });
export const contactIdParams = z.object({ id: idSchema });

const personId = z.optional(blankAsAbsent(z.optional(idSchema)));

/** A company's contacts, or one card's (`personId`), newest first, in pages. */
export const contactListQuery = pageQuery({ defaultLimit: 200, maxLimit: 500 }, { companyId: idSchema, personId });

export const contactExportQuery = z.object({
  companyId: idSchema,
  personId,
  ...exportFormatQuery.shape,
});

/** A contact as the back office sees it. `cardName` is the card holder's name when the contact came in. */
export const contactSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  personId: z.string(),
  cardName: z.string(),
  name: z.string(),
  email: z.optional(z.string()),
  phone: z.optional(z.string()),
  company: z.optional(z.string()),
  message: z.optional(z.string()),
  createdAt: z.string(),
  /** When it is deleted automatically (ISO date-time). */
  expiresAt: z.string(),
});
export type Contact = z.output<typeof contactSchema>;

export const contactPageSchema = pageOf(contactSchema);

/** The public answer: nothing but that it arrived. */
export const contactReceivedSchema = z.object({ ok: z.literal(true) });
