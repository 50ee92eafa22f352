import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DeleteCommand } from '../../functions/lib/dynamo.ts';
import { startTestServer, ADMIN } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { ensureInitialData } from '../../functions/domain/setup/ensure-initial-data.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });

describe('first-start setup', () => {
  test('a second start changes nothing: the admin keeps the password', async () => {
    expect(await ensureInitialData({ adminUsername: ADMIN.username, adminPassword: 'anderes-passwort-1' })).toEqual({});
    await expect(s.login(ADMIN.username, ADMIN.password)).resolves.toEqual(expect.any(String));
  });

  test('a first start that stopped after the admin but before the marker does not block later starts', async () => {
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.setupMarker('admin') }));
    expect(await ensureInitialData({ adminUsername: ADMIN.username })).toEqual({});
    await expect(s.login(ADMIN.username, ADMIN.password)).resolves.toEqual(expect.any(String));
  });
});
