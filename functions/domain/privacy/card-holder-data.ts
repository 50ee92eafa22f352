import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

// What belongs to one card holder besides the card item itself: the export (Art. 15) reads it
// and the erasure (Art. 17) removes it, so both work from the same list.

/** Every upload file name the card shows or showed (a replaced photo stays listed in `pastImages`). */
export function cardImages(p: { image?: string | undefined; imageWallet?: string | undefined; pastImages?: readonly string[] | undefined }): string[] {
  return [...new Set([p.image, p.imageWallet, ...(p.pastImages ?? [])].filter((f): f is string => typeof f === 'string' && f.length > 0))];
}

export interface StatDay { pk: string; sk: string; views?: number; saves?: number; taps?: number }

/** The card's statistics days, oldest first. */
export function cardStatDays(personId: string): Promise<StatDay[]> {
  return queryAll<StatDay>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(personId).pk },
  });
}

/** The credit history entries of the card's activations: their infotext names the holder. */
export function cardCreditEntries(companyId: string, personId: string): Promise<{ pk: string; sk: string; infotext?: string; kind?: string }[]> {
  return queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'cardId = :card',
    ExpressionAttributeValues: { ':pk': keys.creditHistoryPartition(companyId).pk, ':card': personId },
    ProjectionExpression: 'pk, sk, infotext, kind',
  });
}
