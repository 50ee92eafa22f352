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
 * The user side of an assignment change, for the same transaction as the company write: the
 * company id joins or leaves each user's `companyIds`, and the user's version goes up so an
 * edit of that user read before this change cannot overwrite it.
 */
export function assignmentSteps(companyId: string, o: { add: string[]; remove: string[] }): TransactItem[] {
  const step = (userId: string, op: 'ADD' | 'DELETE'): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.user(userId),
      UpdateExpression: op === 'ADD' ? 'ADD companyIds :cid, version :one' : 'DELETE companyIds :cid ADD version :one',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':cid': new Set([companyId]), ':one': 1 },
    },
  });
  return [...o.add.map((id) => step(id, 'ADD')), ...o.remove.map((id) => step(id, 'DELETE'))];
}

/**
 * The company side of a user's assignment change (user form), for the same transaction as the
 * user write: the user id joins or leaves each company's `userIds`, and the company's version goes
 * up so an edit of that company read before this change cannot overwrite it. A company being
 * deleted takes no new user.
 */
export function membershipSteps(userId: string, o: { add: string[]; remove: string[] }): TransactItem[] {
  const step = (companyId: string, op: 'ADD' | 'DELETE'): TransactItem => ({
    Update: {
      TableName: tableName(),
      Key: keys.company(companyId),
      UpdateExpression: op === 'ADD' ? 'ADD userIds :uid, version :one' : 'DELETE userIds :uid ADD version :one',
      ConditionExpression: op === 'ADD' ? 'attribute_exists(pk) AND attribute_not_exists(deleting)' : 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':uid': new Set([userId]), ':one': 1 },
    },
  });
  return [...o.add.map((id) => step(id, 'ADD')), ...o.remove.map((id) => step(id, 'DELETE'))];
}
