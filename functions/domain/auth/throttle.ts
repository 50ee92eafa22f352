import { BatchGetCommand, DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ThrottledError } from '../../lib/errors.ts';

// Fixed windows: at most LIMITS failed sign-ins per username and per client address
// in WINDOW_SECONDS. Counters expire through the table's TTL.
export const WINDOW_SECONDS = 15 * 60;
export const LIMITS = { user: 5, ip: 20 } as const;

interface Subject { kind: 'user' | 'ip'; value: string }

function windowStart(now: number): number {
  return Math.floor(now / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
}

function subjects(o: { usernameLower: string; ip: string }): Subject[] {
  return [{ kind: 'user', value: o.usernameLower }, { kind: 'ip', value: o.ip }];
}

/** Refuses with 429 when either counter of the current window is at its limit. */
export async function assertNotThrottled(o: { usernameLower: string; ip: string; now?: number }): Promise<void> {
  const now = o.now ?? Date.now();
  const start = windowStart(now);
  const list = subjects(o);
  const out = await db().send(new BatchGetCommand({
    RequestItems: { [tableName()]: { Keys: list.map((s) => keys.throttle(s.kind, s.value, start)), ProjectionExpression: 'pk, failures' } },
  }));
  const items = (out.Responses?.[tableName()] ?? []) as { pk: string; failures?: number }[];
  for (const s of list) {
    const item = items.find((i) => i.pk === keys.throttle(s.kind, s.value, start).pk);
    if ((item?.failures ?? 0) >= LIMITS[s.kind]) {
      throw new ThrottledError(start + WINDOW_SECONDS - Math.floor(now / 1000));
    }
  }
}

export async function recordFailedSignIn(o: { usernameLower: string; ip: string; now?: number }): Promise<void> {
  const start = windowStart(o.now ?? Date.now());
  await Promise.all(subjects(o).map((s) => db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.throttle(s.kind, s.value, start),
    UpdateExpression: 'ADD failures :one SET expiresAt = :exp',
    ExpressionAttributeValues: { ':one': 1, ':exp': start + 2 * WINDOW_SECONDS },
  }))));
}

/** A successful sign-in clears the username's counter (not the address's). */
export async function clearUserFailures(o: { usernameLower: string; now?: number }): Promise<void> {
  await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.throttle('user', o.usernameLower, windowStart(o.now ?? Date.now())) }));
}
