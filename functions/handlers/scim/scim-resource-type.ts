import { scimResourceType } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { resourceTypes } from '../../domain/scim/scim-discovery.ts';

export const handler = createHandler(scimResourceType, scimHandler(async ({ id }) => ({ status: 200, body: resourceTypes(id ?? '') }), { authenticated: false }));
