import { userAdminUpdate } from '../../../shared/api/routes/user.ts';
import { createHandler } from '../../lib/http.ts';
import { requireOwnPasswordViaAccount } from '../../lib/permissions.ts';
import { updateUser } from '../../domain/users/update-user.ts';

export const handler = createHandler(userAdminUpdate, ({ auth, body, params }) => {
  const { version, ...changes } = body;
  requireOwnPasswordViaAccount(auth, params.id, Boolean(changes.password));
  return updateUser({ userId: params.id, changes, expectedVersion: version, requireCurrentPassword: false, selfViaAdmin: auth.id === params.id, actor: auth });
});
