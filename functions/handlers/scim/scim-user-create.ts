import { scimUserCreate } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { createScimUser } from '../../domain/scim/scim-users.ts';

export const handler = createHandler(scimUserCreate, scimHandler(async ({ auth, companyId, body }) => ({ status: 201, body: await createScimUser({ auth, companyId, body }) }), { audit: scimUserCreate }));
