import * as z from 'zod/mini';
import { idSchema } from './common.ts';

/** Image fields of spec §7; `/api/upload/{field}/{filename}` serves each of them. */
export const uploadFields = ['image', 'logo', 'appleLogo', 'walletLogo', 'imageWallet'] as const;
export type UploadField = (typeof uploadFields)[number];

/**
 * Limits of one upload. 4 MB keeps the base64-encoded request under Lambda's 6 MB payload limit;
 * 25 megapixels bounds the memory a decoder (cropper, wallet pass) needs for it.
 */
export const uploadLimits = { maxBytes: 4 * 1024 * 1024, maxPixels: 25_000_000 } as const;

/** What the upload route accepts: only jpeg and png, recognised by content on the server; the web app opens the cropper only for these. */
export const uploadMimeTypes = ['image/jpeg', 'image/png', 'image/jpg'] as const;

export function isUploadMimeType(type: string): boolean {
  return (uploadMimeTypes as readonly string[]).includes(type);
}

export const uploadCompanyParams = z.object({ id: idSchema });
export const uploadFileParams = z.object({
  field: z.enum(uploadFields),
  filename: z.string().check(z.maxLength(200), z.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/)),
});
export const uploadResultSchema = z.object({ filename: z.string() });
