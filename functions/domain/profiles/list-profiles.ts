import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';

/** A company's profiles in creation order. */
export async function listProfiles(o: { auth: AuthUser; companyId: string }): Promise<Profile[]> {
  requireCompanyAccess(o.auth, o.companyId, msg.company.notFound);
  return queryAll<Profile>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.profileListPartition(o.companyId).gsi1pk },
  });
}
