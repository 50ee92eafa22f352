import { scimResourceTypes } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { resourceTypes } from '../../domain/scim/scim-discovery.ts';

export const handler = createHandler(scimResourceTypes, scimHandler(async () => ({ status: 200, body: resourceTypes() }), { authenticated: false }));
