import { companySsoGet } from '../../../shared/api/routes/sso.ts';
import { createHandler } from '../../lib/http.ts';
import { requireAdmin } from '../../lib/permissions.ts';
import { getSsoConfig, toSsoSettings } from '../../domain/sso/sso-config.ts';

export const handler = createHandler(companySsoGet, async ({ auth, params }) => {
  requireAdmin(auth);
  return toSsoSettings(await getSsoConfig(params.id));
});
