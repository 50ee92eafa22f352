import { keys } from '../../lib/keys.ts';
import { tableName } from '../../lib/db.ts';
import { invalidateCard, invalidateQueried } from '../cards/invalidate-cards.ts';

// A legacy person's card is served by the same cached `GET /api/card/{id}` as every card.

export const invalidateVcardCard = invalidateCard;

/** The legacy company or its settings changed (or it is being deleted): all its cards show it. */
export function invalidateVcardCompanyCards(companyId: string): Promise<void> {
  const prefix = keys.ownedVcardPersonPrefix(companyId);
  return invalidateQueried(`the cards of legacy company ${companyId}`, {
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.gsi2pk, ':sk': prefix.gsi2sk },
  });
}
