import { scimUserPatch } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { patchScimUser } from '../../domain/scim/scim-users.ts';

export const handler = createHandler(scimUserPatch, scimHandler(async ({ auth, companyId, id, body }) => ({ status: 200, body: await patchScimUser({ auth, companyId, id: id ?? '', body }) }), { audit: scimUserPatch }));
