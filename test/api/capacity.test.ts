import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { capacityLog } from '../../functions/lib/db.ts';

let s: TestServer;
beforeAll(async () => {
  process.env.TRACK_CAPACITY = '1';
  s = await startTestServer();
});
afterAll(async () => { await s.close(); });

describe('consumed capacity', () => {
  test('a session check costs exactly one GetItem', async () => {
    const token = await s.adminToken();
    capacityLog.length = 0;
    const res = await s.api('GET', '/api/auth', { token });
    expect(res.status).toBe(200);
    expect(capacityLog.map((c) => c.operation)).toEqual(['GetItemCommand']);
    expect(capacityLog[0]!.capacityUnits).toBeGreaterThan(0);
  });

  test('a refused request without token touches no table', async () => {
    capacityLog.length = 0;
    expect((await s.api('GET', '/api/auth')).status).toBe(401);
    expect(capacityLog).toEqual([]);
  });
});
