import * as z from 'zod/mini';
import { ssoMessages as m } from '../messages/sso.ts';
import { blankAsAbsent, optionalText, requiredEmail, requiredText, safeString } from './common.ts';

/** At most this many allowed e-mail domains per company (each is one guard item in the settings' transaction). */
export const MAX_SSO_DOMAINS = 20;
const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
/** The issuer: https, or http to this machine (tests, local development); no query, fragment or credentials. */
export function isAllowedIssuer(value: string): boolean {
  let u: URL;
  try {
    u = new URL(value);
  } catch {
    return false;
  }
  if (u.username || u.password || u.hash || u.search) return false;
  return u.protocol === 'https:' || (u.protocol === 'http:' && LOCAL_HOSTS.has(u.hostname));
}

const domainList = z.pipe(
  z.array(safeString({ max: 253 })).check(z.maxLength(MAX_SSO_DOMAINS * 2, m.tooManyDomains)),
  z.transform((list: string[]) => [...new Set(list.map((d) => d.toLowerCase().replace(/^@/, '')).filter(Boolean))]),
).check(
  z.refine((list: string[]) => list.length > 0, m.domainsRequired),
  z.refine((list: string[]) => list.length <= MAX_SSO_DOMAINS, m.tooManyDomains),
  z.refine((list: string[]) => list.every((d) => DOMAIN.test(d)), m.domainInvalid),
);

/** The provider settings as the form sends them; a blank client secret keeps the stored one. */
export const ssoSettingsInputSchema = z.object({
  issuer: requiredText(1, undefined, 500).check(z.refine(isAllowedIssuer, m.issuerInvalid)),
  clientId: requiredText(1, undefined, 255),
  clientSecret: blankAsAbsent(z.optional(safeString({ max: 1000, keepSpace: true }))),
  domains: domainList,
  required: z.boolean(),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsInputSchema>;

/** What the settings answer: never the client secret, only whether one is stored. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.optional(z.string()),
  clientId: z.optional(z.string()),
  domains: z.array(z.string()),
  required: z.boolean(),
  hasClientSecret: z.boolean(),
  /** The address to register at the provider as redirect URI. */
  redirectUri: z.string(),
  updatedAt: z.optional(z.string()),
});
export type SsoSettings = z.output<typeof ssoSettingsSchema>;

export const ssoStartSchema = z.object({
  email: requiredEmail,
  /** The page the user asked for before the login (`?weiter=`), kept through the provider's round trip. */
  weiter: optionalText(500),
});

export const ssoFinishSchema = z.object({
  code: requiredText(1, undefined, 4000),
  state: requiredText(1, undefined, 200),
});
