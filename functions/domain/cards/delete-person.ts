import { tableName } from '../../lib/db.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { companyCounterUpdate, profileCounterUpdate } from './card-counters.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import { getPersonItem } from './person-item.ts';
import type { PersonItem } from './person-item.ts';
import type { GuardedItem } from '../../lib/guarded-transaction.ts';
import { deleteCardStatistics } from '../statistics/delete-card-statistics.ts';
import { cardChangeStep } from './card-change.ts';
import { matchIndexSteps } from './match-index.ts';
import { noteChange } from '../audit/audit-scope.ts';

/**
 * Deletes a card with its counters. The delete is guarded by the version read here: the counter
 * deltas depend on the profile and active state, which a concurrent edit could have changed. The
 * user asked to delete the card, not a version of it, so an edit that lands in between only
 * means reading it again (once; a card edited that busily gets the 409).
 */
export async function deletePerson(o: {
  auth: AuthUser;
  personId: string;
  /** Directory sync (issue 26): steps of the same transaction (removing the card's match keys). */
  extraSteps?: (card: PersonItem) => GuardedItem[];
}): Promise<{ id: string }> {
  for (let attempt = 1; ; attempt++) {
    const current = await getPersonItem(o.personId, { consistent: true });
    requireCompanyAccess(o.auth, current?.companyId, personMessages.errors.notFound);
    const p = current!;
    try {
      await runGuarded([
        ...scopeSteps(o.auth, p.companyId, personMessages.errors.notFound),
        {
          item: {
            Delete: {
              TableName: tableName(),
              Key: keys.person(p.id),
              ConditionExpression: 'version = :v',
              ExpressionAttributeValues: { ':v': p.version },
            },
          },
          onFail: () => new ConflictError(),
        },
        { item: companyCounterUpdate(p.companyId, -1, p.isActive ? -1 : 0), onFail: () => new NotFoundError(personMessages.errors.notFound) },
        { item: profileCounterUpdate(p.companyProfilId, p.companyId, -1), onFail: () => new NotFoundError(personMessages.errors.profileNotFound) },
        ...matchIndexSteps(p.companyId, p.id, p, undefined),
        cardChangeStep({ scope: 'card', targetId: p.id, companyId: p.companyId, deletedCard: p }),
        ...(o.extraSteps?.(p) ?? []),
      ]);
      // Its views and saves go with the card (the company's statistics must not show a deleted card).
      noteChange({ action: 'delete', objectType: 'person', objectId: p.id, companyId: p.companyId, fields: [] });
      await deleteCardStatistics({ companyId: p.companyId, personId: p.id });
      return { id: p.id };
    } catch (err) {
      // Only the card's own version condition raises a ConflictError here.
      if (err instanceof ConflictError && attempt < 2) continue;
      throw err;
    }
  }
}
