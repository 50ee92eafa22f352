import { QueryCommand } from '../../lib/dynamo.ts';
import { batchGetAll, db, tableName } from '../../lib/db.ts';
import { decodeCursor, encodeCursor } from '../../lib/cursor.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { creditMessages } from '../../../shared/messages/credit.ts';
import type { CreditEntry } from '../../../shared/schemas/credit.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { SYSTEM_USER } from './credit-entry.ts';
import { isAdminGroup } from '../../../shared/roles.ts';
import type { CreditEntryItem } from './credit-entry.ts';

/** What company users see as the booker of an admin's entry: the role, never an admin's name or id. */
export const ADMIN_BOOKER = 'administrator';

/**
 * Names of the users who booked, read in one batch per page (a deleted user keeps only the id).
 * Company users see 'Administrator' (and no id) for entries booked by an admin or, when the user
 * is gone, for manual entries (only admins book those).
 */
async function withNames(entries: CreditEntryItem[], viewerIsAdmin: boolean): Promise<CreditEntry[]> {
  const ids = [...new Set(entries.map((e) => e.createdBy).filter((id) => id !== SYSTEM_USER))];
  const users = await batchGetAll<{ id: string; username: string; userGroup?: { group?: string } }>(ids.map((id) => keys.user(id)), {
    expression: '#id, username, userGroup',
    names: { '#id': 'id' },
  });
  const byId = new Map(users.map((u) => [u.id, u]));
  return entries.map((e) => {
    if (e.createdBy === SYSTEM_USER) return { ...e, createdByName: creditMessages.system };
    const user = byId.get(e.createdBy);
    const byAdmin = user ? isAdminGroup(user.userGroup?.group ?? '') : e.kind === 'manual';
    if (byAdmin && !viewerIsAdmin) return { ...e, createdBy: ADMIN_BOOKER, createdByName: creditMessages.administrator };
    return { ...e, ...(user ? { createdByName: user.username } : {}) };
  });
}

/** One page of a company's history, newest first. The cursor must continue this company's list. */
export async function listCreditHistory(o: { auth: AuthUser; companyId: string; limit: number; cursor?: string | undefined }): Promise<{ items: CreditEntry[]; nextCursor?: string }> {
  requireCompanyAccess(o.auth, o.companyId, companyMessages.notFound);
  const company = await getCompanyItem(o.companyId);
  if (!company || company.deleting) throw new NotFoundError(companyMessages.notFound);
  const partition = keys.creditHistoryPartition(o.companyId).pk;
  const start = decodeCursor(o.cursor, ['pk', 'sk'], (key) => key.pk === partition);
  const out = await db().send(new QueryCommand({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
    ScanIndexForward: false,
    Limit: o.limit,
    ExclusiveStartKey: start,
  }));
  const nextCursor = encodeCursor(out.LastEvaluatedKey);
  return { items: await withNames((out.Items ?? []) as CreditEntryItem[], o.auth.isAdmin), ...(nextCursor ? { nextCursor } : {}) };
}
