import * as z from 'zod/mini';
import type { Needs } from '../needs.ts';
import { defineRoute } from '../define.ts';
import { companyIdParams } from '../../schemas/company.ts';
import { scimSettingsInputSchema, scimSettingsSchema, scimTokenCreateSchema, scimTokenCreatedSchema, scimTokenParams } from '../../schemas/scim.ts';

// Directory sync over SCIM 2.0 (RFC 7643/7644, issue 26). The protocol routes under /api/scim/v2 are
// `public` here: they authenticate with the company's own bearer token (functions/domain/scim/scim-http.ts),
// read and answer `application/scim+json` and answer failures in SCIM's error schema.

/** Card writes of the directory: as the card routes, a card-changed event in the same transaction (the job invalidates and updates passes). */
const cardWrites: Needs = { table: 'readWrite' };

const scim = <N extends string>(name: N, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, file: string, needs: Needs) =>
  ({ name, method, path: `/api/scim/v2${path}`, access: 'public', handler: `functions/handlers/scim/${file}.ts`, needs }) as const;

export const scimServiceProviderConfig = defineRoute(scim('scimServiceProviderConfig', 'GET', '/ServiceProviderConfig', 'scim-service-provider-config', {}));
export const scimResourceTypes = defineRoute(scim('scimResourceTypes', 'GET', '/ResourceTypes', 'scim-resource-types', {}));
export const scimResourceType = defineRoute(scim('scimResourceType', 'GET', '/ResourceTypes/{id}', 'scim-resource-type', {}));
export const scimSchemas = defineRoute(scim('scimSchemas', 'GET', '/Schemas', 'scim-schemas', {}));
export const scimSchema = defineRoute(scim('scimSchema', 'GET', '/Schemas/{id}', 'scim-schema', {}));
export const scimUserList = defineRoute(scim('scimUserList', 'GET', '/Users', 'scim-user-list', { table: 'readWrite' }));
export const scimUserCreate = defineRoute(scim('scimUserCreate', 'POST', '/Users', 'scim-user-create', { table: 'readWrite' }));
export const scimUserGet = defineRoute(scim('scimUserGet', 'GET', '/Users/{id}', 'scim-user-get', { table: 'readWrite' }));
export const scimUserReplace = defineRoute(scim('scimUserReplace', 'PUT', '/Users/{id}', 'scim-user-replace', cardWrites));
export const scimUserPatch = defineRoute(scim('scimUserPatch', 'PATCH', '/Users/{id}', 'scim-user-patch', cardWrites));
export const scimUserDelete = defineRoute(scim('scimUserDelete', 'DELETE', '/Users/{id}', 'scim-user-delete', cardWrites));

/** The company's directory settings and its tokens (users of the company and admins). */
export const companyScimGet = defineRoute({
  name: 'companyScimGet', method: 'GET', path: '/api/card/company/{id}/scim', access: 'user',
  handler: 'functions/handlers/scim/company-scim-get.ts',
  needs: { table: 'read' },
  params: companyIdParams, output: scimSettingsSchema,
});

export const companyScimUpdate = defineRoute({
  name: 'companyScimUpdate', method: 'PUT', path: '/api/card/company/{id}/scim', access: 'user',
  handler: 'functions/handlers/scim/company-scim-update.ts',
  needs: { table: 'readWrite' },
  params: companyIdParams, body: scimSettingsInputSchema, output: scimSettingsSchema,
});

/** A new token: the answer is the only time it is seen (stored as its hash). */
export const companyScimTokenCreate = defineRoute({
  name: 'companyScimTokenCreate', method: 'POST', path: '/api/card/company/{id}/scim-token', access: 'user',
  handler: 'functions/handlers/scim/company-scim-token-create.ts',
  needs: { table: 'readWrite' },
  params: companyIdParams, body: scimTokenCreateSchema, output: scimTokenCreatedSchema,
});

export const companyScimTokenDelete = defineRoute({
  name: 'companyScimTokenDelete', method: 'DELETE', path: '/api/card/company/{id}/scim-token/{tokenId}', access: 'user',
  handler: 'functions/handlers/scim/company-scim-token-delete.ts',
  needs: { table: 'readWrite' },
  params: scimTokenParams, output: z.object({ id: z.string() }),
});
