import type { Column, Row } from '../../lib/spreadsheet/table.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import type { AuditEntry } from '../../../shared/schemas/audit.ts';

// An audit entry as a table row, for the audit export and the card holder's ZIP (protokoll.csv).

const a = privacyMessages.audit;
export const auditColumns: readonly Column[] = [
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

