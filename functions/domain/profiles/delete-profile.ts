import { tableName } from '../../lib/db.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { profileMessages } from '../../../shared/messages/profile.ts';
import { getAccessibleProfileItem } from './get-profile.ts';
import { getProfileItem } from './profile-item.ts';
import { profileCssRemoval } from './profile-css.ts';
import { noteChange } from '../audit/audit-scope.ts';

/**
 * Deletes a profile that has no cards and is not its company's only one. Both rules are
 * conditions of the delete transaction itself, so a card created or a profile deleted at the
 * same moment cannot slip past them. Its CSS item goes with it. Uploaded logos stay: a duplicated
 * profile may use them too.
 */
export async function deleteProfile(o: { auth: AuthUser; profileId: string }): Promise<void> {
  const current = await getAccessibleProfileItem({ auth: o.auth, profileId: o.profileId });
  if ((current.cardCount ?? 0) > 0) throw new ConflictError(profileMessages.hasCards);
  await runGuarded([
    ...scopeSteps(o.auth, current.companyId, profileMessages.notFound),
    {
      item: {
        Delete: {
          TableName: tableName(),
          Key: keys.profile(o.profileId),
          ConditionExpression: 'companyId = :cid AND (attribute_not_exists(cardCount) OR cardCount = :zero)',
          ExpressionAttributeValues: { ':cid': current.companyId, ':zero': 0 },
        },
      },
      // Gone meanwhile, or a card arrived between the read and the delete.
      onFail: async () => ((await getProfileItem(o.profileId)) ? new ConflictError(profileMessages.hasCards) : new NotFoundError(profileMessages.notFound)),
    },
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(current.companyId),
          UpdateExpression: 'ADD profileCount :minusOne',
          ConditionExpression: 'profileCount > :one',
          ExpressionAttributeValues: { ':minusOne': -1, ':one': 1 },
        },
      },
      onFail: () => new ConflictError(profileMessages.onlyProfile),
    },
    ...profileCssRemoval({ profileId: o.profileId, companyId: current.companyId }),
  ]);
  noteChange({ action: 'delete', objectType: 'profile', objectId: o.profileId, companyId: current.companyId, fields: [] });
}
