import { batchDeleteAll, queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

/**
 * Removes a card's counters: its day items and its monthly rollup. Called after the card is gone;
 * an interrupted run leaves the rollup, through which the company delete still finds them.
 * Answers how many day items it removed (the erasure record counts them).
 */
export async function deleteCardStatistics(o: { companyId: string; personId: string }): Promise<number> {
  let days = 0;
  for await (const page of queryPages<{ pk: string; sk: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(o.personId).pk },
    ProjectionExpression: 'pk, sk',
  })) {
    if (page.length) await batchDeleteAll(page.map((i) => ({ pk: i.pk, sk: i.sk })));
    days += page.length;
  }
  await batchDeleteAll([keys.cardStatRollup(o.companyId, o.personId)]);
  return days;
}

/**
 * Removes the counters of every card the company's statistics know (its rollup partition), after
 * its cards are gone. Counters are not GSI2-owned (counter-updates.ts), so the owned-items delete
 * does not find them; older counters that are owned go with it as before.
 */
export async function deleteCompanyStatistics(o: { companyId: string }): Promise<void> {
  for await (const page of queryPages<{ sk: string }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatRollupPartition(o.companyId).pk },
    ProjectionExpression: 'sk',
  })) {
    for (const rollup of page) await deleteCardStatistics({ companyId: o.companyId, personId: rollup.sk });
  }
}
