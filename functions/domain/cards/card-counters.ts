import { tableName } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

// The card counters change only inside the transaction that changes the person (DESIGN §4).

/**
 * ADD to the company's `cardCountTotal` / `cardCountActive`. The company must still exist and not
 * be in the middle of being deleted, so no card outlives its company. `charge` (an activation's
 * cost) is taken from the balance in the same update, which then requires the balance to cover
 * it: one transaction cannot touch the company item twice, and the history entry goes alongside.
 */
export function companyCounterUpdate(companyId: string, total: number, active: number, charge = 0): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: `ADD cardCountTotal :total, cardCountActive :active${charge ? ', credits :charge' : ''}`,
      ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(deleting)${charge ? ' AND credits >= :cost' : ''}`,
      ExpressionAttributeValues: { ':total': total, ':active': active, ...(charge ? { ':charge': -charge, ':cost': charge } : {}) },
    },
  };
}

/** ADD to a profile's `cardCount`; the profile must still exist and belong to the company. */
export function profileCounterUpdate(profileId: string, companyId: string, delta: number): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: keys.profile(profileId),
      UpdateExpression: 'ADD cardCount :delta',
      ConditionExpression: 'companyId = :cid',
      ExpressionAttributeValues: { ':delta': delta, ':cid': companyId },
    },
  };
}
