import { scimSchemas } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { schemas } from '../../domain/scim/scim-discovery.ts';

export const handler = createHandler(scimSchemas, scimHandler(async () => ({ status: 200, body: schemas() }), { authenticated: false }));
