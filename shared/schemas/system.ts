import * as z from 'zod/mini';

/**
 * The admins' Systemstatus (issue 23): what this installation has set up and what not, by name,
 * never a secret's value. The wallet parts list missing settings by their variable (local) or
 * secret key (AWS) names, so the operator knows exactly what to add.
 */
export const systemStatusSchema = z.object({
  wallet: z.object({
    source: z.enum(['environment', 'secret']),
    apple: z.object({
      configured: z.boolean(),
      missing: z.array(z.string()),
      passTypeId: z.optional(z.string()),
      teamId: z.optional(z.string()),
      certificateValidUntil: z.optional(z.string()),
      problem: z.optional(z.string()),
    }),
    google: z.object({
      configured: z.boolean(),
      missing: z.array(z.string()),
      issuerId: z.optional(z.string()),
      serviceAccount: z.optional(z.string()),
    }),
    /** The signing key of the wallet links: its own secret, or derived from the token signing key (local default). */
    linkKey: z.enum(['own', 'derived']),
  }),
  /** `localOnly`: the address points at this machine (fine for `npm start`, wrong for a deployment). */
  publicBaseUrl: z.object({ configured: z.boolean(), value: z.string(), localOnly: z.boolean() }),
  alarmEmail: z.object({ configured: z.boolean(), value: z.optional(z.string()) }),
  version: z.string(),
});
export type SystemStatus = z.output<typeof systemStatusSchema>;
