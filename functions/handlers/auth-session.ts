import { authSession } from '../../shared/api/routes/auth.ts';
import { createHandler } from '../lib/http.ts';
import { getUser } from '../domain/users/get-user.ts';

export const handler = createHandler(authSession, ({ auth }) => getUser({ userId: auth.id }));
