import { describe, expect, test } from 'vitest';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';
import { createUserToken } from '../helpers/card-fixtures.ts';
import { addressKey, BUCKETS, releasePasswordAttempt, reservePasswordAttempt } from '../../functions/domain/auth/throttle.ts';
import { ThrottledError } from '../../functions/lib/errors.ts';

// Issue 16, findings 1 and 2: one throttle for sign-in and the current-password check, without
// lockout by strangers, bounded per day, and without a window edge to straddle.

const s = useTestServer();

async function tries(o: { user: string; ip: string; now: number }): Promise<'ok' | 'throttled'> {
  try {
    await reservePasswordAttempt({ usernameLower: o.user, ip: o.ip, now: o.now });
    return 'ok';
  } catch (err) {
    if (err instanceof ThrottledError) return 'throttled';
    throw err;
  }
}

describe('throttle (token buckets)', () => {
  test('no window edge to straddle: 5 guesses just before a 15-minute boundary leave none just after it', async () => {
    const user = uniqueName('kante');
    const quarter = 15 * 60 * 1000;
    const boundary = Math.ceil(Date.now() / quarter) * quarter + quarter;
    for (let i = 0; i < 5; i++) expect(await tries({ user, ip: '198.51.100.7', now: boundary - 1000 })).toBe('ok');
    // The old fixed windows allowed 5 more here, 2 seconds later.
    for (let i = 0; i < 5; i++) expect(await tries({ user, ip: '198.51.100.7', now: boundary + 1000 })).toBe('throttled');
    // One comes back per refill period, continuously.
    expect(await tries({ user, ip: '198.51.100.7', now: boundary - 1000 + BUCKETS.pair.refillSeconds * 1000 })).toBe('ok');
    expect(await tries({ user, ip: '198.51.100.7', now: boundary - 1000 + BUCKETS.pair.refillSeconds * 1000 })).toBe('throttled');
  });

  test('at most about 100 guesses per username and day, whatever the number of addresses', async () => {
    const user = uniqueName('tag');
    const start = Date.now();
    let allowed = 0;
    // A guess every 5 minutes for 24 hours, each from a new address (a botnet).
    for (let i = 0; i < 288; i++) {
      if ((await tries({ user, ip: `203.0.${Math.floor(i / 250)}.${i % 250}`, now: start + i * 5 * 60 * 1000 })) === 'ok') allowed++;
    }
    expect(allowed).toBeGreaterThan(90);
    expect(allowed).toBeLessThanOrEqual(BUCKETS.user.capacity + (24 * 3600) / BUCKETS.user.refillSeconds);
  }, 60_000);

  test('an address the user signed in from is not held back by strangers\u2019 guesses', async () => {
    const user = uniqueName('bekannt');
    const now = Date.now();
    const home = '192.0.2.10';
    await releasePasswordAttempt(await reservePasswordAttempt({ usernameLower: user, ip: home, now }), now);
    for (let i = 0; i < 20; i++) await tries({ user, ip: `198.51.100.${i}`, now });
    expect(await tries({ user, ip: '198.51.100.200', now })).toBe('throttled');
    expect(await tries({ user, ip: home, now })).toBe('ok');
  });

  test('parallel guesses of one pair get exactly the bucket\u2019s tokens', async () => {
    const user = uniqueName('parallel');
    const now = Date.now();
    const results = await Promise.all(Array.from({ length: 15 }, () => tries({ user, ip: '192.0.2.99', now })));
    expect(results.filter((r) => r === 'ok')).toHaveLength(BUCKETS.pair.capacity);
  });

  test('IPv6 addresses count per /64, IPv4 as they are', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:0db8:0001:0002:ffff:1:2:3'));
    expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
    expect(addressKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(addressKey('192.0.2.1')).toBe('192.0.2.1');
  });
});

/** A self edit (PATCH /api/user/{id}) from a given local address. */
async function patchFrom(ip: string, userId: string, token: string, body: BodyOf<'userUpdate'>): Promise<{ status: number; body: any; retryAfter: string | undefined }> {
  const res = await s.call('userUpdate', { params: { id: userId }, token, body, from: ip });
  return { status: res.status, body: res.body, retryAfter: res.headers.get('retry-after') ?? undefined };
}

describe('current-password check of PATCH /api/user/{own id}', () => {
  test('a stolen session cannot guess the password: after 5 wrong ones it is a 429, nothing changes', async () => {
    const u = await createUserToken(s);
    const thief = '127.0.0.201';
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push((await patchFrom(thief, u.id, u.token, { currentPassword: `rate-${i}-123`, password: 'uebernommen-123' })).status);
    }
    // Before: 400 twelve times in about a second.
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    const last = await patchFrom(thief, u.id, u.token, { currentPassword: u.password, password: 'uebernommen-123' });
    expect(last.status).toBe(429);
    expect(last.body.message).toBe('Zu viele falsche Passworteingaben. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.');
    expect(Number(last.retryAfter)).toBeGreaterThan(0);
    // The password did not change; the user signs in as before.
    expect((await s.call('authLogin', { body: { username: u.username, password: u.password } })).status).toBe(200);
  });

  test('the right current password still changes it', async () => {
    const u = await createUserToken(s);
    const res = await patchFrom('127.0.0.202', u.id, u.token, { currentPassword: u.password, password: 'neues-passwort-1' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await s.call('authLogin', { body: { username: u.username, password: 'neues-passwort-1' } })).status).toBe(200);
  });
});

/** A sign-in from a given local address. */
async function signInFrom(ip: string, body: BodyOf<'authLogin'>): Promise<{ status: number; body: any }> {
  const res = await s.call('authLogin', { body, from: ip });
  return { status: res.status, body: res.body };
}

describe('device id (a browser that signed in before)', () => {
  test('signs in from a new address while strangers have spent the username\u2019s budget; without it the user waits', async () => {
    const u = await createUserToken(s);
    const first = await signInFrom('127.0.0.210', { username: u.username, password: u.password });
    expect(first.status).toBe(200);
    const device = first.body.device as string;
    expect(device).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    // Strangers from many addresses spend the username's budget.
    for (let i = 0; i < 6; i++) await signInFrom(`127.0.0.${220 + i}`, { username: u.username, password: `falsch-${i}-123` });
    expect((await signInFrom('127.0.0.230', { username: u.username, password: u.password })).status).toBe(429);
    // The user's browser, now on yet another address (mobile network), gets in; its id stays.
    const again = await signInFrom('127.0.0.231', { username: u.username, password: u.password, device });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.device).toBeUndefined();
  });

  test('an unknown or another user\u2019s device id gives nothing', async () => {
    const u = await createUserToken(s);
    const other = await createUserToken(s);
    const otherDevice = (await signInFrom('127.0.0.240', { username: other.username, password: other.password })).body.device as string;
    for (let i = 0; i < 6; i++) await signInFrom(`127.0.0.${241 + i}`, { username: u.username, password: `falsch-${i}-123` });
    expect((await signInFrom('127.0.0.248', { username: u.username, password: u.password, device: otherDevice })).status).toBe(429);
    expect((await signInFrom('127.0.0.248', { username: u.username, password: u.password, device: 'erfunden-1234567890' })).status).toBe(429);
  });

  test('a stranger who guesses against a known device id spends only that device\u2019s bucket', async () => {
    const user = uniqueName('geraet');
    const now = Date.now();
    const { device } = await releasePasswordAttempt(await reservePasswordAttempt({ usernameLower: user, ip: '192.0.2.50', now }), now);
    for (let i = 0; i < BUCKETS.pair.capacity; i++) expect(await tries({ user, ip: '198.51.100.1', now })).toBe('ok');
    expect(await tries({ user, ip: '198.51.100.2', now })).toBe('throttled');
    const withDevice = await reservePasswordAttempt({ usernameLower: user, ip: '198.51.100.3', device: device!, now });
    expect(withDevice.taken.map((t) => t.kind)).toEqual(['pair']);
  });
});
