import { auditList } from '../../../shared/api/routes/privacy.ts';
import { createHandler } from '../../lib/http.ts';
import { listAudit } from '../../domain/audit/list-audit.ts';

export const handler = createHandler(auditList, ({ auth, query }) => {
  const { limit, cursor, ...filter } = query;
  return listAudit({ auth, filter, limit, cursor });
});
