import { berlinMonth } from '../../../shared/berlin-clock.ts';
import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { CreditEntryKind } from '../../../shared/schemas/credit.ts';

/** One credit history entry as stored (spec §3 CompanyCreditHistory plus its kind). */
export interface CreditEntryItem {
  id: string;
  companyId: string;
  /** Integer, negative for charges. */
  credits: number;
  infotext?: string;
  createdAt: string;
  /** The acting user's id; `system` for the monthly job. */
  createdBy: string;
  cardId?: string;
  kind: CreditEntryKind;
}

/** `createdBy` of entries nobody booked by hand. */
export const SYSTEM_USER = 'system';

/** `yyyy-mm` of an instant in Europe/Berlin, the calendar the business runs on (without ICU: shared/berlin-clock.ts). */
export { berlinMonth };

/** The `count` months up to and including `month`, oldest first. */
export function monthsUpTo(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const total = y * 12 + (m - 1) - i;
    out.push(`${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}

export function newCreditEntry(o: Omit<CreditEntryItem, 'id' | 'createdAt'> & { createdAt?: string }): CreditEntryItem {
  const entry: CreditEntryItem = { ...o, id: randomUUID(), createdAt: o.createdAt ?? new Date().toISOString() };
  if (entry.infotext === undefined) delete entry.infotext;
  if (entry.cardId === undefined) delete entry.cardId;
  return entry;
}

/** The Put of an entry; it goes into the same transaction as the balance change it records. */
export function creditEntryPut(e: CreditEntryItem): TransactItem {
  return {
    Put: {
      TableName: tableName(),
      Item: {
        ...keys.creditEntry(e.companyId, e.createdAt, e.id),
        ...keys.creditMonthEntry(berlinMonth(new Date(e.createdAt)), e.createdAt, e.id),
        ...keys.ownedCreditEntry(e.companyId, e.id),
        type: 'creditEntry',
        ...e,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * ADD `delta` to the company's balance. The company must exist and not be being deleted; with
 * `atLeast` the balance before must be at least that much (a charge never takes it below 0).
 */
export function balanceUpdate(companyId: string, delta: number, atLeast?: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: 'ADD credits :delta',
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deleting)${atLeast !== undefined ? ' AND credits >= :atLeast' : ''}`,
      ExpressionAttributeValues: { ':delta': delta, ...(atLeast !== undefined ? { ':atLeast': atLeast } : {}) },
    },
  };
}
