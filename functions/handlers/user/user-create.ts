import { userCreate } from '../../../shared/api/routes/user.ts';
import { createHandler } from '../../lib/http.ts';
import { createUser } from '../../domain/users/create-user.ts';

export const handler = createHandler(userCreate, ({ body }) => createUser(body));
