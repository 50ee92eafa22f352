import { tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import { deleteCardStatistics } from '../statistics/delete-card-statistics.ts';
import { requireVcardPerson } from './person-item.ts';
import { cardChangePut } from '../cards/card-change.ts';
import type { PersonItem } from '../cards/person-item.ts';

/** The person and its company's `personCount` in one transaction; then its view counters and cached card. */
export async function deleteVcardPerson(o: { personId: string }): Promise<void> {
  const person = await requireVcardPerson(o.personId, { consistent: true });
  await transact(
    [
      { Delete: { TableName: tableName(), Key: keys.vcardPerson(o.personId), ConditionExpression: 'attribute_exists(pk)' } },
      {
        Update: {
          TableName: tableName(),
          Key: keys.vcardCompany(person.companyId),
          UpdateExpression: 'ADD personCount :minus',
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':minus': -1 },
        },
      },
      // Installed passes of the legacy card become void (the snapshot has no profile: the company stands in only while the card exists).
      cardChangePut({ scope: 'card', targetId: o.personId, companyId: person.companyId, deletedCard: person as unknown as PersonItem }),
    ],
    () => new NotFoundError(vcardMessages.errors.personNotFound),
  );
  await deleteCardStatistics({ companyId: person.companyId, personId: o.personId });
}
