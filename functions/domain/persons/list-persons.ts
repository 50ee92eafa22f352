import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { msg } from '../../../shared/messages.ts';
import type { Person } from '../../../shared/schemas/person.ts';
import { getProfileItem } from '../profiles/profile-item.ts';
import type { PersonItem } from './person-item.ts';

/** The cards of one profile, oldest first. */
export async function listPersonsByProfile(o: { auth: AuthUser; profileId: string }): Promise<Person[]> {
  const profile = await getProfileItem(o.profileId);
  requireCompanyAccess(o.auth, profile?.companyId, msg.person.errors.profileNotFound);
  return queryAll<PersonItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.personListPartition(o.profileId).gsi1pk },
  });
}

/** Every card a company owns (its ownership entries), in no particular order. */
export function listPersonsOfCompany(o: { companyId: string }): Promise<PersonItem[]> {
  return queryAll<PersonItem>({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :kind)',
    ExpressionAttributeValues: {
      ':pk': keys.ownedPartition(o.companyId).gsi2pk,
      ':kind': keys.ownedPersonPrefix(o.companyId).gsi2sk,
    },
  });
}
