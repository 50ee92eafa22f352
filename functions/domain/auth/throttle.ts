import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ThrottledError } from '../../lib/errors.ts';

// Fixed windows: at most LIMITS unsuccessful sign-ins per username and per client address
// in WINDOW_SECONDS. Counters expire through the table's TTL.
export const WINDOW_SECONDS = 15 * 60;
export const LIMITS = { user: 5, ip: 20 } as const;

type Kind = 'user' | 'ip';

function windowStart(now: number): number {
  return Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
}

async function take(kind: Kind, value: string, now: number): Promise<void> {
  const start = windowStart(now);
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: keys.throttle(kind, value, start),
      UpdateExpression: 'ADD failures :one SET expiresAt = :exp',
      ConditionExpression: 'attribute_not_exists(failures) OR failures < :limit',
      ExpressionAttributeValues: { ':one': 1, ':exp': start + 2 * WINDOW_SECONDS, ':limit': LIMITS[kind] },
    }));
  } catch (err) {
    if (isConditionFailure(err)) throw new ThrottledError(start + WINDOW_SECONDS - Math.floor(now / 1000));
    throw err;
  }
}

/**
 * Counts the attempt as failed BEFORE the password is checked, with a condition on the limit:
 * parallel guesses cannot all pass a read-then-write check. 429 once either counter is full.
 */
export async function reserveSignInAttempt(o: { usernameLower: string; ip: string; now?: number }): Promise<void> {
  const now = o.now ?? Date.now();
  await take('user', o.usernameLower, now);
  await take('ip', o.ip, now);
}

/** A successful sign-in clears the username's counter and gives the address its attempt back. */
export async function releaseSignInAttempt(o: { usernameLower: string; ip: string; now?: number }): Promise<void> {
  const start = windowStart(o.now ?? Date.now());
  await Promise.all([
    db().send(new DeleteCommand({ TableName: tableName(), Key: keys.throttle('user', o.usernameLower, start) })),
    db().send(new UpdateCommand({
      TableName: tableName(),
      Key: keys.throttle('ip', o.ip, start),
      UpdateExpression: 'ADD failures :minusOne',
      ConditionExpression: 'failures > :zero',
      ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
    })).catch((err: unknown) => {
      // The window turned over between reserve and release: nothing to give back.
      if (!isConditionFailure(err)) throw err;
    }),
  ]);
}
