import { companySsoUpdate } from '../../../shared/api/routes/sso.ts';
import { createHandler } from '../../lib/http.ts';
import { requireAdmin } from '../../lib/permissions.ts';
import { saveSsoConfig } from '../../domain/sso/sso-config.ts';

export const handler = createHandler(companySsoUpdate, ({ auth, params, body }) => {
  requireAdmin(auth);
  return saveSsoConfig({ companyId: params.id, input: body });
});
