import { companySsoDelete } from '../../../shared/api/routes/sso.ts';
import { createHandler } from '../../lib/http.ts';
import { requireAdmin } from '../../lib/permissions.ts';
import { removeSsoConfig } from '../../domain/sso/sso-config.ts';

export const handler = createHandler(companySsoDelete, ({ auth, params }) => {
  requireAdmin(auth);
  return removeSsoConfig({ companyId: params.id });
});
