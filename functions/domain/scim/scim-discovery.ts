import { ScimError } from './scim-error.ts';
import { ENTERPRISE_SCHEMA, USER_SCHEMA } from './scim-resource.ts';
import { scimBaseUrl } from './scim-settings.ts';
import { scimMessages } from '../../../shared/messages/scim.ts';
import { MAX_PAGE } from './scim-users.ts';

// What the service provider supports (RFC 7644 section 4, RFC 7643 sections 5-7): directories read
// these to learn that PATCH works, filters are limited, there is no bulk, sort or ETag, and which
// User attributes we keep.

const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export function serviceProviderConfig(): Record<string, unknown> {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: `${scimBaseUrl().replace(/\/api\/scim\/v2$/, '')}/`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_PAGE },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [{
      type: 'oauthbearertoken',
      name: 'Bearer-Token',
      description: 'Ein Token des Unternehmens aus dem Backoffice (Verzeichnis-Synchronisation), im Header Authorization: Bearer <Token>.',
      primary: true,
    }],
    meta: { resourceType: 'ServiceProviderConfig', location: `${scimBaseUrl()}/ServiceProviderConfig` },
  };
}

const userType = () => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
  id: 'User',
  name: 'User',
  endpoint: '/Users',
  description: 'Karteninhaber des Unternehmens',
  schema: USER_SCHEMA,
  schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
  meta: { resourceType: 'ResourceType', location: `${scimBaseUrl()}/ResourceTypes/User` },
});

export function resourceTypes(id?: string): Record<string, unknown> {
  if (id !== undefined) {
    if (id !== 'User') throw new ScimError(404, scimMessages.notFound);
    return userType();
  }
  return { schemas: [LIST], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [userType()] };
}

const attr = (name: string, o: Record<string, unknown> = {}) => ({
  name, type: 'string', multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default', uniqueness: 'none', ...o,
});
const multi = (name: string, types: string[]) => attr(name, {
  type: 'complex', multiValued: true,
  subAttributes: [attr('value'), attr('type', { canonicalValues: types }), attr('primary', { type: 'boolean' })],
});

const schemaDefs = () => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: USER_SCHEMA,
    name: 'User',
    description: 'Karteninhaber',
    attributes: [
      attr('userName', { required: true, uniqueness: 'server' }),
      attr('externalId', { caseExact: true }),
      attr('name', { type: 'complex', subAttributes: [attr('givenName'), attr('familyName'), attr('formatted'), attr('honorificPrefix')] }),
      attr('displayName'),
      attr('title'),
      attr('active', { type: 'boolean' }),
      multi('emails', ['work', 'home', 'other']),
      multi('phoneNumbers', ['work', 'mobile']),
    ],
    meta: { resourceType: 'Schema', location: `${scimBaseUrl()}/Schemas/${USER_SCHEMA}` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id: ENTERPRISE_SCHEMA,
    name: 'EnterpriseUser',
    description: 'Abteilung und Organisation',
    attributes: [attr('department'), attr('organization')],
    meta: { resourceType: 'Schema', location: `${scimBaseUrl()}/Schemas/${ENTERPRISE_SCHEMA}` },
  },
];

export function schemas(id?: string): Record<string, unknown> {
  const all = schemaDefs();
  if (id !== undefined) {
    const one = all.find((s) => s.id === id);
    if (!one) throw new ScimError(404, scimMessages.notFound);
    return one;
  }
  return { schemas: [LIST], totalResults: all.length, startIndex: 1, itemsPerPage: all.length, Resources: all };
}
