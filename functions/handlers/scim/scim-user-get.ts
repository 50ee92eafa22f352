import { scimUserGet } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { getScimUser } from '../../domain/scim/scim-users.ts';

export const handler = createHandler(scimUserGet, scimHandler(async ({ companyId, id }) => ({ status: 200, body: await getScimUser({ companyId, id: id ?? '' }) })));
