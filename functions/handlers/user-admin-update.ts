import { userAdminUpdate } from '../../shared/api/routes/user.ts';
import { createHandler } from '../lib/http.ts';
import { updateUser } from '../domain/users/update-user.ts';

export const handler = createHandler(userAdminUpdate, ({ auth, body, params }) => {
  const { version, ...changes } = body;
  return updateUser({ userId: params.id, changes, expectedVersion: version, requireCurrentPassword: false, actor: auth });
});
