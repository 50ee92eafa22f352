import { QueryCommand } from '../../lib/dynamo.ts';
import type { QueryCommandInput } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { ValidationError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { privacyMessages } from '../../../shared/messages/privacy.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { AuditEntry, AuditFilter } from '../../../shared/schemas/audit.ts';
import { env } from '../../lib/env.ts';
import { berlinDayStart, nextDay } from '../../../shared/berlin-clock.ts';

// Reading the audit log: one company's entries (GSI1), one object's (GSI2), or, for admins, all
// of them month by month (table partitions `AUDIT#<yyyy-mm>`), newest first. Person and the
// company of an object's entries are filters on those reads.

type Key = Record<string, string>;
/** Where a page ends: the month (all-companies reads) and DynamoDB's LastEvaluatedKey within it. */
interface Position { m?: string; k?: Key }

const invalidCursor = () => new ValidationError(msg.errors.invalidInput, { cursor: msg.validation.pageCursor });

function encode(p: Position | undefined): string | undefined {
  return p ? Buffer.from(JSON.stringify(p)).toString('base64url') : undefined;
}

function decode(cursor: string | undefined, keyNames: readonly string[], partition: (k: Key) => boolean): Position | undefined {
  if (cursor === undefined) return undefined;
  let p: unknown;
  try {
    p = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (typeof p !== 'object' || p === null || Array.isArray(p)) throw invalidCursor();
  const { m, k, ...rest } = p as Record<string, unknown>;
  if (Object.keys(rest).length) throw invalidCursor();
  if (m !== undefined && (typeof m !== 'string' || !/^\d{4}-\d{2}$/.test(m))) throw invalidCursor();
  if (k !== undefined) {
    if (typeof k !== 'object' || k === null || Array.isArray(k)) throw invalidCursor();
    const key = k as Record<string, unknown>;
    if (Object.keys(key).length !== keyNames.length || !keyNames.every((n) => typeof key[n] === 'string' && (key[n] as string).length > 0 && (key[n] as string).length < 300)) throw invalidCursor();
    if (!partition(key as Key)) throw invalidCursor();
  }
  return { ...(m ? { m } : {}), ...(k ? { k: k as Key } : {}) };
}

/**
 * Sort-key bounds of the date range. `from` and `to` are Berlin days, as the screen shows each
 * entry's time in Berlin; entries sort by their UTC time, so the range runs from `from`'s Berlin
 * midnight to the one after `to` (an entry at 00:30 Berlin time is on that day, not the UTC one
 * before). `hi` itself is no entry's key (keys go on with `#<id>`), so the range ends before it.
 */
function range(f: AuditFilter): { lo: string; hi: string } {
  return {
    lo: f.from ? new Date(berlinDayStart(f.from)).toISOString() : '0000',
    hi: f.to ? new Date(berlinDayStart(nextDay(f.to))).toISOString() : '9999-12-31~',
  };
}

/** The UTC month partitions (record-audit.ts) the range touches, from its end (or now) back to its start (or the retention), newest first. */
function monthsOf(f: AuditFilter): string[] {
  const last = (f.to ? new Date(berlinDayStart(nextDay(f.to)) - 1) : new Date()).toISOString().slice(0, 7);
  const oldest = new Date(Date.now() - env().AUDIT_RETENTION_DAYS * 86_400_000).toISOString().slice(0, 7);
  const from = f.from ? new Date(berlinDayStart(f.from)).toISOString().slice(0, 7) : undefined;
  const first = from && from > oldest ? from : oldest;
  const out: string[] = [];
  let [y, mo] = last.split('-').map(Number) as [number, number];
  for (let i = 0; i < 1200; i++) {
    const m = `${y}-${String(mo).padStart(2, '0')}`;
    if (m < first) break;
    out.push(m);
    mo -= 1;
    if (mo === 0) { mo = 12; y -= 1; }
  }
  return out;
}

function filters(f: AuditFilter, scope: { companyIds?: readonly string[] }) {
  const parts: string[] = [];
  const values: Record<string, unknown> = {};
  const names: Record<string, string> = {};
  if (f.actor) {
    parts.push('(actorId = :actor OR actorName = :actor)');
    values[':actor'] = f.actor;
  }
  if (scope.companyIds) {
    const list = scope.companyIds.map((id, i) => { values[`:c${i}`] = id; return `:c${i}`; });
    parts.push(list.length ? `companyId IN (${list.join(', ')})` : 'attribute_exists(nothing)');
  }
  return { parts, values, names };
}

export interface AuditPage { items: AuditEntry[]; nextCursor?: string }

function toEntry(item: Record<string, unknown>): AuditEntry {
  const { pk: _pk, sk: _sk, gsi1pk: _a, gsi1sk: _b, gsi2pk: _c, gsi2sk: _d, type: _t, expiresAt: _e, ...entry } = item;
  return entry as unknown as AuditEntry;
}

/**
 * One page of the audit log for what the caller may see: admins everything (optionally one
 * company), company users only the entries of one of their companies. Entries whose TTL has
 * passed but that DynamoDB has not removed yet are left out.
 */
export async function listAudit(o: { auth: AuthUser; filter: AuditFilter; limit: number; cursor?: string | undefined }): Promise<AuditPage> {
  const f = o.filter;
  if (!o.auth.isAdmin && !f.companyId) throw new ValidationError(msg.errors.invalidInput, { companyId: privacyMessages.errors.companyRequired });
  if (f.companyId) requireCompanyAccess(o.auth, f.companyId, companyMessages.notFound);
  const { lo, hi } = range(f);
  const now = Math.floor(Date.now() / 1000);
  const notExpired = 'expiresAt > :now';

  const read = async (input: Omit<QueryCommandInput, 'TableName' | 'Limit' | 'ExclusiveStartKey' | 'ScanIndexForward'>, start: Key | undefined, limit: number, extra: ReturnType<typeof filters>) => {
    const filterParts = [notExpired, ...extra.parts];
    const out = await db().send(new QueryCommand({
      ...input,
      TableName: tableName(),
      ScanIndexForward: false,
      Limit: limit,
      ExclusiveStartKey: start,
      FilterExpression: filterParts.join(' AND '),
      ExpressionAttributeValues: { ...input.ExpressionAttributeValues, ...extra.values, ':now': now, ':lo': lo, ':hi': hi },
    }));
    return { items: (out.Items ?? []).map(toEntry), last: out.LastEvaluatedKey as Key | undefined };
  };

  if (f.objectId || f.companyId) {
    // One object's entries (in a company's scope), or one company's.
    const byObject = Boolean(f.objectId);
    const pkName = byObject ? 'gsi2pk' : 'gsi1pk';
    const pkValue = byObject ? keys.auditObjectPartition(f.objectId!).gsi2pk : keys.auditCompanyPartition(f.companyId!).gsi1pk;
    const keyNames = byObject ? ['pk', 'sk', 'gsi2pk', 'gsi2sk'] : ['pk', 'sk', 'gsi1pk', 'gsi1sk'];
    const pos = decode(o.cursor, keyNames, (k) => k[pkName] === pkValue);
    const scope = byObject
      ? { companyIds: f.companyId ? [f.companyId] : o.auth.isAdmin ? undefined : o.auth.companyIds }
      : {};
    const extra = filters(f, scope);
    const skName = byObject ? 'gsi2sk' : 'gsi1sk';
    const page = await read({
      IndexName: byObject ? 'gsi2' : 'gsi1',
      KeyConditionExpression: `${pkName} = :p AND ${skName} BETWEEN :lo AND :hi`,
      ExpressionAttributeValues: { ':p': pkValue },
    }, pos?.k, o.limit, extra);
    return { items: page.items, ...(page.last ? { nextCursor: encode({ k: page.last }) } : {}) };
  }

  // Admins, all companies: month partitions newest first until the page is full.
  const months = monthsOf(f);
  const pos = decode(o.cursor, ['pk', 'sk'], (k) => /^AUDIT#\d{4}-\d{2}$/.test(k.pk ?? ''));
  let index = pos?.m ? months.indexOf(pos.m) : 0;
  if (index < 0) throw invalidCursor();
  let start = pos?.k;
  const items: AuditEntry[] = [];
  const extra = filters(f, {});
  while (index < months.length && items.length < o.limit) {
    const month = months[index]!;
    const page = await read({
      KeyConditionExpression: 'pk = :p AND sk BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':p': keys.auditMonthPartition(month).pk },
    }, start, o.limit - items.length, extra);
    items.push(...page.items);
    if (page.last) {
      return { items, nextCursor: encode({ m: month, k: page.last })! };
    }
    index += 1;
    start = undefined;
  }
  return { items, ...(index < months.length ? { nextCursor: encode({ m: months[index]! })! } : {}) };
}
