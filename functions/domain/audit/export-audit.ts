import { exportFile, today } from '../../lib/spreadsheet/export-file.ts';
import type { FileResult } from '../../lib/http.ts';
import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';
import type { AuditEntry, AuditFilter } from '../../../shared/schemas/audit.ts';
import type { ExportFormat } from '../../../shared/schemas/export.ts';
import { listAudit } from './list-audit.ts';

const a = msg.privacy.audit;
const columns: readonly Column[] = [
  { header: a.columns.at, type: 'date' },
  { header: a.columns.actor, type: 'text' },
  { header: a.columns.role, type: 'text' },
  { header: a.columns.action, type: 'text' },
  { header: a.columns.objectType, type: 'text' },
  { header: a.columns.objectId, type: 'text' },
  { header: a.columns.company, type: 'text' },
  { header: a.columns.fields, type: 'text' },
  { header: a.columns.detail, type: 'text' },
  { header: a.columns.route, type: 'text' },
];

/** One entry as a table row: German names for action, object and role; fields comma-separated. */
export function auditRow(e: AuditEntry): Row {
  return [
    e.at,
    e.actorName || e.actorId || a.unknownActor,
    a.roles[e.actorRole] ?? e.actorRole,
    a.actions[e.action] ?? e.action,
    a.objectTypes[e.objectType] ?? e.objectType,
    e.objectId,
    e.companyId ?? '',
    e.fields.join(', '),
    e.detail ? Object.entries(e.detail).map(([k, v]) => `${k}: ${String(v)}`).join(', ') : '',
    e.route ?? '',
  ];
}

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
