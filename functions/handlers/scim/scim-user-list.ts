import { scimUserList } from '../../../shared/api/routes/scim.ts';
import { createHandler } from '../../lib/http.ts';
import { paging, scimHandler } from '../../domain/scim/scim-http.ts';
import { parseFilter } from '../../domain/scim/scim-filter.ts';
import { listScimUsers, MAX_PAGE } from '../../domain/scim/scim-users.ts';

export const handler = createHandler(scimUserList, scimHandler(async ({ companyId, query }) => ({
  status: 200,
  body: await listScimUsers({ companyId, filter: parseFilter(query.filter), ...paging(query, MAX_PAGE) }),
})));
