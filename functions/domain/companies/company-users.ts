import { batchGetAll, tableName } from '../../lib/db.ts';
import type { TransactItem } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { CompanyUser } from '../../../shared/schemas/company.ts';

/** id, username and email of the given users, read in one batch; unknown ids are missing from the map. */
export async function loadCompanyUsers(userIds: Iterable<string>): Promise<Map<string, CompanyUser>> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return new Map();
  const found = await batchGetAll<CompanyUser>(ids.map((id) => keys.user(id)), {
    expression: '#id, #username, #email',
    names: { '#id': 'id', '#username': 'username', '#email': 'email' },
  });
  return new Map(found.map((u) => [u.id, { id: u.id, username: u.username, email: u.email }]));
}

/**
 * One side of an assignment change, for the same transaction as the other side's write: `id`
 * joins (ADD) or leaves (DELETE) the set `attribute` of each item, and the item's version goes up
 * so an edit of it read before this change cannot overwrite it. `joinCondition` guards a join.
 */
function setSteps(o: {
  keyOf: (itemId: string) => Record<string, string>;
  attribute: 'companyIds' | 'userIds';
  id: string;
  add: string[];
  remove: string[];
  joinCondition: string;
}): TransactItem[] {
  const step = (itemId: string, op: 'ADD' | 'DELETE'): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: o.keyOf(itemId),
      UpdateExpression: op === 'ADD' ? 'ADD #set :id, version :one' : 'DELETE #set :id ADD version :one',
      ConditionExpression: op === 'ADD' ? o.joinCondition : 'attribute_exists(pk)',
      ExpressionAttributeNames: { '#set': o.attribute },
      ExpressionAttributeValues: { ':id': new Set([o.id]), ':one': 1 },
    },
  });
  return [...o.add.map((itemId) => step(itemId, 'ADD')), ...o.remove.map((itemId) => step(itemId, 'DELETE'))];
}

/** The user side of a company's assignment change (company form): the company id joins or leaves each user's `companyIds`. */
export function assignmentSteps(companyId: string, o: { add: string[]; remove: string[] }): TransactItem[] {
  return setSteps({ keyOf: keys.user, attribute: 'companyIds', id: companyId, ...o, joinCondition: 'attribute_exists(pk)' });
}

/**
 * The company side of a user's assignment change (user form): the user id joins or leaves each
 * company's `userIds`. A company being deleted takes no new user.
 */
export function membershipSteps(userId: string, o: { add: string[]; remove: string[] }): TransactItem[] {
  return setSteps({ keyOf: keys.company, attribute: 'userIds', id: userId, ...o, joinCondition: 'attribute_exists(pk) AND attribute_not_exists(deleting)' });
}
