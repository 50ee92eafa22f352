import { exportFile, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import type { AuditEntry, AuditFilter } from '../../../shared/schemas/audit.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { listAudit } from './list-audit.ts';
import { auditColumns as columns, auditRow } from './audit-rows.ts';

const a = privacyMessages.audit;

/** Most entries one export holds: a bigger range is exported in parts (by date). */
export const AUDIT_EXPORT_MAX = 20_000;

/** The entries the list shows for these filters (all pages, newest first) as CSV or XLSX. */
export async function exportAudit(o: { auth: AuthUser; filter: AuditFilter; format: ExportFormat }): Promise<FileResult> {
  const entries: AuditEntry[] = [];
  let cursor: string | undefined;
  do {
    const page = await listAudit({ auth: o.auth, filter: o.filter, limit: 200, cursor });
    entries.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor && entries.length < AUDIT_EXPORT_MAX);
  return exportFile({
    table: { sheetName: a.sheet, columns, rows: entries.slice(0, AUDIT_EXPORT_MAX).map(auditRow) },
    format: o.format,
    baseName: `${a.filePrefix}-${today()}`,
  });
}
