import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';

/** Cards per profile of a company, read from the profiles' counters (no card is read). */
export async function countCards(o: { auth: AuthUser; companyId: string }): Promise<{ profileId: string; count: number }[]> {
  requireCompanyAccess(o.auth, o.companyId, msg.person.errors.companyNotFound);
  const profiles = await queryAll<{ id: string; cardCount?: number }>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ProjectionExpression: 'id, cardCount',
    ExpressionAttributeValues: { ':pk': keys.profileListPartition(o.companyId).gsi1pk },
  });
  return profiles.map((p) => ({ profileId: p.id, count: p.cardCount ?? 0 }));
}
