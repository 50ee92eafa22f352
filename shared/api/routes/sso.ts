import * as z from 'zod/mini';
import { defineRoute } from '../define.ts';
import { companyIdParams } from '../../schemas/company.ts';
import { ssoFinishSchema, ssoSettingsInputSchema, ssoSettingsSchema, ssoStartSchema } from '../../schemas/sso.ts';

// Company sign-in through the company's OpenID Connect provider (issue 26).

/** "Mit Firmenkonto anmelden": the e-mail's domain picks the provider; answers where the browser goes and the state to keep for the return. */
export const authSsoStart = defineRoute({
  name: 'authSsoStart', method: 'POST', path: '/api/auth/sso', access: 'public',
  handler: 'functions/handlers/sso/auth-sso-start.ts',
  needs: { table: 'readWrite' },
  body: ssoStartSchema,
  output: z.object({ url: z.string(), state: z.string() }),
});

/** The provider sent the browser back (`code`, `state`): verified, the session token is answered. */
export const authSsoFinish = defineRoute({
  name: 'authSsoFinish', method: 'POST', path: '/api/auth/sso/callback', access: 'public',
  handler: 'functions/handlers/sso/auth-sso-finish.ts',
  needs: { table: 'readWrite', secrets: ['auth'], oidcClientSecrets: 'read' },
  body: ssoFinishSchema,
  output: z.object({ token: z.string(), weiter: z.optional(z.string()) }),
});

/** The company's provider settings (admins): never the client secret. */
export const companySsoGet = defineRoute({
  name: 'companySsoGet', method: 'GET', path: '/api/card/company/{id}/sso', access: 'admin',
  handler: 'functions/handlers/sso/company-sso-get.ts',
  needs: { table: 'read' },
  params: companyIdParams, output: ssoSettingsSchema,
});

export const companySsoUpdate = defineRoute({
  name: 'companySsoUpdate', method: 'PUT', path: '/api/card/company/{id}/sso', access: 'admin',
  handler: 'functions/handlers/sso/company-sso-update.ts',
  needs: { table: 'readWrite', oidcClientSecrets: 'readWrite' },
  params: companyIdParams, body: ssoSettingsInputSchema, output: ssoSettingsSchema,
});

export const companySsoDelete = defineRoute({
  name: 'companySsoDelete', method: 'DELETE', path: '/api/card/company/{id}/sso', access: 'admin',
  handler: 'functions/handlers/sso/company-sso-delete.ts',
  needs: { table: 'readWrite', oidcClientSecrets: 'readWrite' },
  params: companyIdParams, output: ssoSettingsSchema,
});
