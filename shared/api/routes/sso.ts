import * as z from 'zod';
import { defineRoute } from '../define.ts';
import { companyIdParams } from '../../schemas/company.ts';
import { ssoFinishSchema, ssoSettingsInputSchema, ssoSettingsSchema, ssoStartSchema } from '../../schemas/sso.ts';

// Company sign-in through the company's OpenID Connect provider (issue 26).

/** "Mit Firmenkonto anmelden": the e-mail's domain picks the provider; answers where the browser goes and the state to keep for the return. */
export const authSsoStart = defineRoute({
  name: 'authSsoStart', method: 'POST', path: '/api/auth/sso', access: 'public',
  body: ssoStartSchema,
  output: z.object({ url: z.string(), state: z.string() }),
});

/** The provider sent the browser back (`code`, `state`): verified, the session token is answered. */
export const authSsoFinish = defineRoute({
  name: 'authSsoFinish', method: 'POST', path: '/api/auth/sso/callback', access: 'public',
  body: ssoFinishSchema,
  output: z.object({ token: z.string(), weiter: z.optional(z.string()) }),
});

/** The company's provider settings (admins): never the client secret. */
export const companySsoGet = defineRoute({
  name: 'companySsoGet', method: 'GET', path: '/api/card/company/{id}/sso', access: 'admin',
  params: companyIdParams, output: ssoSettingsSchema,
});

export const companySsoUpdate = defineRoute({
  name: 'companySsoUpdate', method: 'PUT', path: '/api/card/company/{id}/sso', access: 'admin',
  params: companyIdParams, body: ssoSettingsInputSchema, output: ssoSettingsSchema,
});

export const companySsoDelete = defineRoute({
  name: 'companySsoDelete', method: 'DELETE', path: '/api/card/company/{id}/sso', access: 'admin',
  params: companyIdParams, output: ssoSettingsSchema,
});
