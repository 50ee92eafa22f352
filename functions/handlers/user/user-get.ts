import { userGet } from '../../../shared/api/routes/user.ts';
import { createHandler } from '../../lib/http.ts';
import { requireCanReadUser } from '../../lib/permissions.ts';
import { getUser } from '../../domain/users/get-user.ts';

export const handler = createHandler(userGet, ({ auth, params }) => {
  requireCanReadUser(auth, params.id);
  return getUser({ userId: params.id });
});
