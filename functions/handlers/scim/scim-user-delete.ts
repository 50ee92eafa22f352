import { scimUserDelete } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { scimHandler } from '../../domain/scim/scim-http.ts';
import { deleteScimUser } from '../../domain/scim/scim-users.ts';

export const handler = createHandler(scimUserDelete, scimHandler(async ({ auth, companyId, id }) => {
  await deleteScimUser({ auth, companyId, id: id ?? '' });
  return { status: 204 };
}, { audit: scimUserDelete }));
