import { auditExport } from '../../../shared/api/routes/exports.ts';
import { createHandler } from '../../lib/http.ts';
import { exportAudit } from '../../domain/audit/export-audit.ts';

export const handler = createHandler(auditExport, ({ auth, query }) => {
  const { format, ...filter } = query;
  return exportAudit({ auth, filter, format });
});
