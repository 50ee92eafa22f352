import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ThrottledError } from '../../lib/errors.ts';

/**
 * Password guessing is bounded by token buckets (docs/decisions.md, issue 16). A bucket holds at
 * most `capacity` attempts and gets one back every `refillSeconds`, continuously: there is no
 * window boundary to straddle. Every password check (sign-in and the current-password check of
 * the account screen) takes one token from each bucket that applies, BEFORE the password is
 * checked, with a conditional write, so parallel guesses cannot share a token.
 *
 * - `pair`    (username + client address): the attacker's own address runs dry; the user's
 *             address has its own bucket, so nobody locks out a user by guessing their password.
 * - `user`    (username, only for addresses the user has not signed in from within 30 days):
 *             bounds guessing from everywhere else to about 100 per day. A user at a known
 *             address is never held back by it.
 * - `address` (client address, any username): stops spraying many usernames from one address.
 *
 * A browser that signed in successfully gets a random device id (OWASP "device cookie"); signing
 * in with it again uses only its own pair bucket, so a user on a changing mobile address is not
 * held back by strangers either.
 */
export const BUCKETS = {
  pair: { capacity: 5, refillSeconds: 15 * 60 },
  user: { capacity: 5, refillSeconds: 15 * 60 },
  address: { capacity: 30, refillSeconds: 30 },
} as const;

/** How long a successful sign-in makes its address "known" for the user. */
export const KNOWN_ADDRESS_DAYS = 30;
/** How long a browser's device id stays known for the user after a successful sign-in with it. */
export const KNOWN_DEVICE_DAYS = 180;

export type BucketKind = keyof typeof BUCKETS;

/** How far apart parallel attempts may read the clock (seconds); must stay below half the shortest refill. */
const CLOCK_SKEW_S = 1;

/**
 * IPv6 clients usually own a whole /64: counting per /64 keeps one machine from rotating through
 * its addresses. IPv4 (and IPv4-mapped) addresses count as they are.
 */
export function addressKey(ip: string): string {
  const v4 = ip.replace(/^::ffff:/i, '');
  if (!v4.includes(':')) return v4;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

function subjectOf(kind: BucketKind, usernameLower: string, address: string): string {
  if (kind === 'pair') return `${usernameLower}#${address}`;
  return kind === 'user' ? usernameLower : address;
}

/**
 * Takes one token or throws ThrottledError with the seconds until the next one. The bucket is
 * kept as its "theoretical arrival time" (GCRA, equivalent to a token bucket): `tat` is when the
 * bucket will be full again. An attempt is allowed while `tat <= now + (capacity - 1) * refill`,
 * and moves `tat` one refill further. Both steps are single conditional writes: parallel
 * attempts cannot share a token and no read-modify-write race exists.
 */
async function take(kind: BucketKind, subject: string, now: number): Promise<void> {
  const key = keys.throttleBucket(kind, subject);
  const b = BUCKETS[kind];
  const nowS = now / 1000;
  const expires = (tat: number) => Math.ceil(tat) + 60;
  try {
    // Full (or never used): start from now.
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET tat = :next, #type = :type, expiresAt = :exp',
      ConditionExpression: 'attribute_not_exists(tat) OR tat <= :now',
      ExpressionAttributeNames: { '#type': 'type' },
      ExpressionAttributeValues: { ':next': nowS + b.refillSeconds, ':now': nowS, ':type': 'throttle', ':exp': expires(nowS + b.refillSeconds) },
    }));
    return;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  // Attempts in flight together read the clock a little apart, and the one that read it last may
  // write first: without the margin the fifth of five parallel guesses could find the bucket set
  // from a later `now` than its own and be refused (seen under load). The margin is far below any
  // refill, so a burst still gets exactly `capacity` tokens.
  const limit = nowS + (b.capacity - 1) * b.refillSeconds + CLOCK_SKEW_S;
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'ADD tat :refill, expiresAt :refill',
      ConditionExpression: 'tat <= :limit',
      ExpressionAttributeValues: { ':refill': b.refillSeconds, ':limit': limit },
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const out = await db().send(new GetCommand({ TableName: tableName(), Key: key, ConsistentRead: true }));
    const tat = (out.Item?.tat as number | undefined) ?? limit + 1;
    throw new ThrottledError(Math.max(1, Math.ceil(tat - limit)));
  }
}

/** Gives a token back (the attempt succeeded, or a later bucket refused it before any check). */
async function giveBack(kind: BucketKind, subject: string, now: number): Promise<void> {
  try {
    await db().send(new UpdateCommand({
      TableName: tableName(),
      Key: keys.throttleBucket(kind, subject),
      UpdateExpression: 'ADD tat :minus',
      // A bucket already full (tat in the past) stays as it is.
      ConditionExpression: 'tat > :now',
      ExpressionAttributeValues: { ':minus': -BUCKETS[kind].refillSeconds, ':now': now / 1000 },
    }));
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

export interface AttemptOptions {
  /** The account whose password is guessed, lower case (sign-in: as typed; account screen: the user's). */
  usernameLower: string;
  ip: string;
  /**
   * The browser's device id from an earlier successful sign-in of this user (sign-in only). A
   * known device is held back only by its own bucket: strangers can neither spend it nor see it.
   */
  device?: string | undefined;
  now?: number;
}

/** The buckets an attempt took tokens from; hand it back to `releasePasswordAttempt` on success. */
export interface Reservation {
  taken: { kind: BucketKind; subject: string }[];
  address: string;
  usernameLower: string;
  /** Hash of a device id known for the user; absent when none (or an unknown one) was sent. */
  deviceHash?: string;
}

const hashDevice = (device: string) => createHash('sha256').update(device).digest('base64url');

async function isKnown(key: { pk: string; sk: string }, now: number): Promise<boolean> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: key }));
  return Boolean(out.Item && (out.Item.expiresAt as number) * 1000 > now);
}

/**
 * Reserves one password check for `usernameLower` from `ip` (429 when a bucket is empty). The
 * pair bucket comes first, so an attacker's own address runs dry before anything shared is used.
 * With a device known for the user only the device's own pair bucket applies.
 */
export async function reservePasswordAttempt(o: AttemptOptions): Promise<Reservation> {
  const now = o.now ?? Date.now();
  const address = addressKey(o.ip);
  const deviceHash = o.device ? hashDevice(o.device) : undefined;
  const knownDevice = deviceHash !== undefined && await isKnown(keys.knownDevice(o.usernameLower, deviceHash), now);
  const knownAddress = !knownDevice && await isKnown(keys.knownAddress(o.usernameLower, address), now);
  const steps: { kind: BucketKind; subject: string }[] = knownDevice
    ? [{ kind: 'pair', subject: `${o.usernameLower}#device:${deviceHash}` }]
    : (knownAddress ? (['pair', 'address'] as const) : (['pair', 'address', 'user'] as const))
      .map((kind) => ({ kind, subject: subjectOf(kind, o.usernameLower, address) }));
  const taken: Reservation['taken'] = [];
  try {
    for (const step of steps) {
      await take(step.kind, step.subject, now);
      taken.push(step);
    }
  } catch (err) {
    // No password was checked: the tokens taken so far are returned.
    await Promise.all(taken.map((t) => giveBack(t.kind, t.subject, now)));
    throw err;
  }
  return { taken, address, usernameLower: o.usernameLower, ...(knownDevice ? { deviceHash } : {}) };
}

/**
 * The password was right: the pair's bucket is full again, the address and user get their token
 * back, the address becomes known for the user for KNOWN_ADDRESS_DAYS and the browser's device id
 * for KNOWN_DEVICE_DAYS (a new one when it sent none or an unknown one). Answers the device id
 * to hand to the browser (undefined when its known one stays).
 */
export async function releasePasswordAttempt(r: Reservation, now = Date.now()): Promise<{ device?: string }> {
  const nowS = Math.ceil(now / 1000);
  const device = r.deviceHash ? undefined : randomBytes(18).toString('base64url');
  const deviceHash = r.deviceHash ?? hashDevice(device!);
  await Promise.all([
    ...r.taken.filter((t) => t.kind === 'pair').map((t) => db().send(new DeleteCommand({ TableName: tableName(), Key: keys.throttleBucket('pair', t.subject) }))),
    ...r.taken.filter((t) => t.kind !== 'pair').map((t) => giveBack(t.kind, t.subject, now)),
    db().send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.knownAddress(r.usernameLower, r.address), type: 'knownAddress', expiresAt: nowS + KNOWN_ADDRESS_DAYS * 24 * 3600 },
    })),
    db().send(new PutCommand({
      TableName: tableName(),
      Item: { ...keys.knownDevice(r.usernameLower, deviceHash), type: 'knownDevice', expiresAt: nowS + KNOWN_DEVICE_DAYS * 24 * 3600 },
    })),
  ]);
  return device ? { device } : {};
}
