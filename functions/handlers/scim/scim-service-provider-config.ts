import { scimServiceProviderConfig } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { serviceProviderConfig } from '../../domain/scim/scim-discovery.ts';

export const handler = createHandler(scimServiceProviderConfig, scimHandler(async () => ({ status: 200, body: serviceProviderConfig() }), { authenticated: false }));
