import * as z from 'zod/mini';
import { commonMessages as msg } from '../messages/common.ts';
import { walletMessages } from '../messages/wallet.ts';
import { idSchema, safeString } from './common.ts';

export const walletUserParams = z.object({ userId: idSchema });
export const walletCardParams = z.object({ id: idSchema });
/** The signature is base64url of an HMAC-SHA256 (43 characters); anything else cannot match. */
export const walletSignedParams = z.object({ id: idSchema, signature: safeString({ max: 128 }).check(z.minLength(1, msg.validation.required)) });

export const walletSignatureSchema = z.object({ signature: z.string() });
export const walletResultSchema = z.object({ result: z.string() });
export const pkpassCreatedSchema = z.object({ serialNumber: z.string() });

/** Which wallets work on this server: the UI offers only those (what is missing: admins' Systemstatus). */
export const walletStatusSchema = z.object({
  apple: z.object({ available: z.boolean() }),
  google: z.object({ available: z.boolean() }),
});
export type WalletStatus = z.output<typeof walletStatusSchema>;

/**
 * The public QR wallet page's data: names, the company's logo and colour, the language, and for
 * each wallet that works on this server its signed link as a link and a QR code (a wallet that
 * is not set up has neither: the page says so in a sentence, never naming configuration).
 */
export const walletCardSchema = z.object({
  id: z.string(),
  company: z.optional(z.string()),
  firstname: z.string(),
  lastname: z.string(),
  /** The profile's logo (upload file name) and the card's colour, for the page's head. */
  logo: z.optional(z.string()),
  color: z.string(),
  /** The language the profile fixes, if any (the page otherwise follows the visitor's browser). */
  fixedLang: z.optional(z.enum(['de', 'en'])),
  /** The company's language: the page's fallback when the browser prefers neither German nor English. */
  lang: z.enum(['de', 'en']),
  appleUrl: z.optional(z.string()),
  googleUrl: z.optional(z.string()),
  /** The links as QR codes (SVG documents), so the page needs no QR code library. */
  appleQr: z.optional(z.string()),
  googleQr: z.optional(z.string()),
  impressum: z.optional(z.string()),
  datenschutz: z.optional(z.string()),
});
export type WalletCard = z.output<typeof walletCardSchema>;

// PassKit web service (Apple's paths under webServiceURL). Identifiers are ASCII tokens.
const token = safeString({ max: 200 }).check(z.minLength(1, msg.validation.required), z.regex(/^[A-Za-z0-9._:-]+$/, msg.validation.invalidFormat));
export const passkitDeviceParams = z.object({ deviceId: token, passTypeId: token });
export const passkitRegistrationParams = z.object({ deviceId: token, passTypeId: token, serial: token });
export const passkitPassParams = z.object({ passTypeId: token, serial: token });
export const passkitSerialsQuery = z.object({ passesUpdatedSince: z.optional(safeString({ max: 40 })) });
export const passkitRegisterBody = z.object({ pushToken: safeString({ max: 200, error: { error: () => walletMessages.errors.pushToken } }).check(z.minLength(1, walletMessages.errors.pushToken)) });
/** Bounded: anyone may post here (issue 19); Wallet sends a few lines when a pass misbehaves. */
export const passkitLogBody = z.object({ logs: z._default(z.array(safeString({ max: 1000, multiline: true })).check(z.maxLength(20)), []) });
