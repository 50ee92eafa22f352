import { userList } from '../../../shared/api/routes/user.ts';
import { createHandler } from '../../lib/http.ts';
import { listUsers } from '../../domain/users/list-users.ts';

export const handler = createHandler(userList, ({ query }) => listUsers({ search: query.search }));
