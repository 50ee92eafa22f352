import { randomUUID } from 'node:crypto';
import { PutCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { env } from '../../lib/env.ts';
import { keys } from '../../lib/keys.ts';
import { log } from '../../lib/log.ts';
import type { AuditChange } from './audit-scope.ts';

/** Who wrote: a signed-in user, or (failed sign-in) nobody known. */
export interface AuditActor {
  id?: string | undefined;
  username?: string | undefined;
  isAdmin?: boolean | undefined;
  /** A scheduled job (the monthly credit booking), not a person. */
  system?: boolean;
  /** A company's directory over SCIM, by its token (`id` is `scim:<tokenId>`). */
  directory?: boolean;
}

export interface AuditEntryItem {
  id: string;
  at: string;
  actorId: string;
  actorName: string;
  actorRole: 'admin' | 'user' | 'system' | 'directory' | 'unknown';
  action: AuditChange['action'];
  /** The API route that wrote (its name in the route table); absent for writes outside a route. */
  route?: string;
  objectType: string;
  objectId: string;
  companyId?: string;
  fields: string[];
  detail?: Record<string, string | number | boolean>;
  expiresAt: number;
}

/** Berlin's month would split a night's entries over two partitions for no reader's benefit: UTC. */
const monthOf = (at: string) => at.slice(0, 7);

/** The stored item: the entry plus its month, company and object keys. */
export function auditItem(e: AuditEntryItem): Record<string, unknown> {
  return {
    ...keys.auditEntry(monthOf(e.at), e.at, e.id),
    ...(e.companyId ? keys.auditCompanyEntry(e.companyId, e.at, e.id) : {}),
    ...keys.auditObjectEntry(e.objectId, e.at, e.id),
    type: 'audit',
    ...e,
  };
}

export function newAuditEntry(o: { actor: AuditActor; change: AuditChange; route?: string | undefined; at?: Date }): AuditEntryItem {
  const at = (o.at ?? new Date()).toISOString();
  const c = o.change;
  return {
    id: randomUUID(),
    at,
    actorId: o.actor.id ?? (o.actor.system ? 'system' : ''),
    actorName: o.actor.username ?? (o.actor.system ? 'system' : ''),
    actorRole: o.actor.system ? 'system' : o.actor.directory ? 'directory' : o.actor.id ? (o.actor.isAdmin ? 'admin' : 'user') : 'unknown',
    action: c.action,
    ...(o.route ? { route: o.route } : {}),
    objectType: c.objectType,
    objectId: c.objectId,
    ...(c.companyId ? { companyId: c.companyId } : {}),
    fields: [...(c.fields ?? [])],
    ...(c.detail && Object.keys(c.detail).length ? { detail: c.detail } : {}),
    expiresAt: Math.floor(Date.parse(at) / 1000) + env().AUDIT_RETENTION_DAYS * 86_400,
  };
}

/**
 * Appends entries to the audit log: each a Put that may only create (no entry is ever
 * overwritten). Called after the write it records succeeded; a failure to record is logged as an
 * error (an alarm in AWS) and does not undo or fail the write the user already made.
 */
export async function recordAudit(o: { actor: AuditActor; changes: readonly AuditChange[]; route?: string | undefined }): Promise<AuditEntryItem[]> {
  const at = new Date();
  const entries = o.changes.map((change) => newAuditEntry({ actor: o.actor, change, route: o.route, at }));
  try {
    for (const e of entries) {
      await db().send(new PutCommand({ TableName: tableName(), Item: auditItem(e), ConditionExpression: 'attribute_not_exists(pk)' }));
    }
  } catch (err) {
    log('error', 'audit log entry not written: the write itself succeeded; check the table and the function role', {
      route: o.route, error: err instanceof Error ? err.message : String(err),
    });
  }
  return entries;
}
