import { authLogout } from '../../../shared/api/routes/auth.ts';
import { createHandler } from '../../lib/http.ts';
import { signOut } from '../../domain/auth/sign-out.ts';

export const handler = createHandler(authLogout, async ({ auth }) => {
  await signOut({ userId: auth.id });
  return { ok: true as const };
});
