import { batchDeleteAll, queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

/**
 * Removes a card's counters: its day items and its monthly rollup. Called after the card is gone;
 * an interrupted run leaves counters the company delete still finds (they are company-owned).
 */
export async function deleteCardStatistics(o: { companyId: string; personId: string }): Promise<void> {
  for await (const page of queryPages<{ pk: string; sk: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(o.personId).pk },
    ProjectionExpression: 'pk, sk',
  })) {
    if (page.length) await batchDeleteAll(page.map((i) => ({ pk: i.pk, sk: i.sk })));
  }
  await batchDeleteAll([keys.cardStatRollup(o.companyId, o.personId)]);
}
