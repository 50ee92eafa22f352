import { describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { BatchGetCommand, BatchWriteCommand } from '../../functions/lib/dynamo.ts';
import { capacityLog, db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { DELETE_PAGE_SIZE } from '../../functions/domain/companies/delete-company.ts';
import { createCompany } from '../helpers/card-fixtures.ts';

// Before the first table call: the client reads it when it is made.
process.env.TRACK_CAPACITY = '1';
const s = useTestServer();

describe('consumed capacity', () => {
  test('a session check costs exactly one GetItem', async () => {
    const token = await s.adminToken();
    capacityLog.length = 0;
    const res = await s.call('authSession', { token });
    expect(res.status).toBe(200);
    expect(capacityLog.map((c) => c.operation)).toEqual(['GetItemCommand']);
    expect(capacityLog[0]!.capacityUnits).toBeGreaterThan(0);
  });

  test('a refused request without token touches no table', async () => {
    capacityLog.length = 0;
    expect((await s.call('authSession')).status).toBe(401);
    expect(capacityLog).toEqual([]);
  });

  test('a company delete works page by page: the first items are gone before the last page is read', async () => {
    const company = await createCompany(s);
    // Items of a kind that can grow large (statistics), owned by the company through GSI2.
    const count = DELETE_PAGE_SIZE * 2 + 50;
    const items = Array.from({ length: count }, (_, i) => ({ ...keys.owned(company.id, 'STAT', String(i)), pk: `STAT#${company.id}#${i}`, sk: 'STAT', type: 'stat' }));
    for (let i = 0; i < items.length; i += 25) {
      await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) } }));
    }
    capacityLog.length = 0;
    expect((await s.call('companyDelete', { params: { id: company.id }, token: await s.adminToken() })).status).toBe(200);
    const ops = capacityLog.map((c) => c.operation);
    expect(ops.filter((o) => o === 'QueryCommand').length).toBeGreaterThanOrEqual(3);
    expect(ops.indexOf('BatchWriteItemCommand')).toBeLessThan(ops.lastIndexOf('QueryCommand'));
    for (let i = 0; i < items.length; i += 100) {
      const left = await db().send(new BatchGetCommand({ RequestItems: { [tableName()]: { Keys: items.slice(i, i + 100).map(({ pk, sk }) => ({ pk, sk })) } } }));
      expect(left.Responses?.[tableName()]).toEqual([]);
    }
  });
});
