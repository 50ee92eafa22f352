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

/** What is missing for each wallet: the UI names it instead of offering a broken button. */
export const walletStatusSchema = z.object({
  apple: z.object({ available: z.boolean(), missing: z.array(z.string()) }),
  google: z.object({ available: z.boolean(), missing: z.array(z.string()) }),
});
export type WalletStatus = z.output<typeof walletStatusSchema>;

/** The public QR wallet page's data: names, both platforms' signed links, the legal links. */
export const walletCardSchema = z.object({
  id: z.string(),
  company: z.optional(z.string()),
  firstname: z.string(),
  lastname: z.string(),
  appleUrl: z.string(),
  googleUrl: z.string(),
  /** The two links as QR codes (SVG documents), so the page needs no QR code library. */
  appleQr: z.string(),
  googleQr: z.string(),
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
