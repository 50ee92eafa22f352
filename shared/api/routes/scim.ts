import * as z from 'zod';
import { defineRoute } from '../define.ts';
import { companyIdParams } from '../../schemas/company.ts';
import { scimSettingsInputSchema, scimSettingsSchema, scimTokenCreateSchema, scimTokenCreatedSchema, scimTokenParams } from '../../schemas/scim.ts';

// Directory sync over SCIM 2.0 (RFC 7643/7644, issue 26). The protocol routes under /api/scim/v2 are
// `public` here: they authenticate with the company's own bearer token (functions/domain/scim/scim-http.ts),
// read and answer `application/scim+json` and answer failures in SCIM's error schema.

const scim = (name: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string) =>
  ({ name, method, path: `/api/scim/v2${path}`, access: 'public' }) as const;

export const scimServiceProviderConfig = defineRoute(scim('scimServiceProviderConfig', 'GET', '/ServiceProviderConfig'));
export const scimResourceTypes = defineRoute(scim('scimResourceTypes', 'GET', '/ResourceTypes'));
export const scimResourceType = defineRoute(scim('scimResourceType', 'GET', '/ResourceTypes/{id}'));
export const scimSchemas = defineRoute(scim('scimSchemas', 'GET', '/Schemas'));
export const scimSchema = defineRoute(scim('scimSchema', 'GET', '/Schemas/{id}'));
export const scimUserList = defineRoute(scim('scimUserList', 'GET', '/Users'));
export const scimUserCreate = defineRoute(scim('scimUserCreate', 'POST', '/Users'));
export const scimUserGet = defineRoute(scim('scimUserGet', 'GET', '/Users/{id}'));
export const scimUserReplace = defineRoute(scim('scimUserReplace', 'PUT', '/Users/{id}'));
export const scimUserPatch = defineRoute(scim('scimUserPatch', 'PATCH', '/Users/{id}'));
export const scimUserDelete = defineRoute(scim('scimUserDelete', 'DELETE', '/Users/{id}'));

/** The company's directory settings and its tokens (users of the company and admins). */
export const companyScimGet = defineRoute({
  name: 'companyScimGet', method: 'GET', path: '/api/card/company/{id}/scim', access: 'user',
  params: companyIdParams, output: scimSettingsSchema,
});

export const companyScimUpdate = defineRoute({
  name: 'companyScimUpdate', method: 'PUT', path: '/api/card/company/{id}/scim', access: 'user',
  params: companyIdParams, body: scimSettingsInputSchema, output: scimSettingsSchema,
});

/** A new token: the answer is the only time it is seen (stored as its hash). */
export const companyScimTokenCreate = defineRoute({
  name: 'companyScimTokenCreate', method: 'POST', path: '/api/card/company/{id}/scim-token', access: 'user',
  params: companyIdParams, body: scimTokenCreateSchema, output: scimTokenCreatedSchema,
});

export const companyScimTokenDelete = defineRoute({
  name: 'companyScimTokenDelete', method: 'DELETE', path: '/api/card/company/{id}/scim-token/{tokenId}', access: 'user',
  params: scimTokenParams, output: z.object({ id: z.string() }),
});
