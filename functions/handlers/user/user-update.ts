import { userUpdate } from '../../../shared/api/routes/user.ts';
import { createHandler } from '../../lib/http.ts';
import { requireCanReadUser } from '../../lib/permissions.ts';
import { updateUser } from '../../domain/users/update-user.ts';

/** A user edits their own contact fields and password; an admin may use it for anyone. */
export const handler = createHandler(userUpdate, ({ auth, params, body, sourceIp }) => {
  requireCanReadUser(auth, params.id);
  const { currentPassword, version, ...changes } = body;
  return updateUser({
    userId: params.id,
    changes,
    expectedVersion: version,
    currentPassword,
    requireCurrentPassword: auth.id === params.id,
    ip: sourceIp,
  });
});
