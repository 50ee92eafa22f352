import * as z from 'zod/mini';
import { idSchema, optionalText } from './common.ts';

/** What DELETE /Users/{id} from the directory does to the card. */
export const scimDeleteModes = ['deactivate', 'delete'] as const;

export const scimTokenInfoSchema = z.object({ id: z.string(), label: z.optional(z.string()), createdAt: z.string(), lastUsedAt: z.optional(z.string()) });
export type ScimTokenInfo = z.output<typeof scimTokenInfoSchema>;

/** The directory settings of a company and its tokens (never a token itself). */
export const scimSettingsSchema = z.object({
  /** The SCIM base URL to enter in the directory (Entra ID: "Tenant URL"). */
  baseUrl: z.string(),
  profileId: z.optional(z.string()),
  deleteMode: z.enum(scimDeleteModes),
  tokens: z.array(scimTokenInfoSchema),
});
export type ScimSettings = z.output<typeof scimSettingsSchema>;

export const scimSettingsInputSchema = z.object({
  profileId: idSchema,
  deleteMode: z.enum(scimDeleteModes),
});

export const scimTokenCreateSchema = z.object({ label: optionalText(100) });
export const scimTokenCreatedSchema = z.extend(scimTokenInfoSchema, { token: z.string() });
export const scimTokenParams = z.object({ id: idSchema, tokenId: idSchema });
