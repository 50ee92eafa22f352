import { scimUserReplace } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { replaceScimUser } from '../../domain/scim/scim-users.ts';

export const handler = createHandler(scimUserReplace, scimHandler(async ({ auth, companyId, id, body }) => ({ status: 200, body: await replaceScimUser({ auth, companyId, id: id ?? '', body }) }), { audit: scimUserReplace }));
