import { beforeAll, describe, expect, test } from 'vitest';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createCompany, createProfile, createUserToken } from '../helpers/card-fixtures.ts';
import { makePng, multipart } from '../helpers/images.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { NotFoundError } from '../../functions/lib/errors.ts';
import type { AuthUser } from '../../functions/lib/auth/session.ts';
import { getUserItem } from '../../functions/domain/users/user-item.ts';
import { updateCompany } from '../../functions/domain/companies/update-company.ts';
import { recordedInvalidations } from '../../functions/lib/cdn/invalidate.ts';
import { allVariantFilenames } from '../../shared/images.ts';
import type { TestServer } from '../helpers/server.ts';

// Setup shared by the companies API tests (companies.crud, companies.isolation), bound to the file's server.
export function companiesHelpers(s: TestServer) {
  let admin = '';
  beforeAll(async () => { admin = await s.adminToken(); });

  async function userVersion(id: string): Promise<number> {
    const res = await s.call('userGet', { params: { id }, token: admin });
    return res.body.version;
  }

  /** Users written straight to the table: hashing this many passwords through the API would take many seconds. */
  async function seedUsers(n: number): Promise<string[]> {
    const now = new Date().toISOString();
    return Promise.all(Array.from({ length: n }, async () => {
      const id = randomUUID();
      const username = uniqueName('bulk');
      await db().send(new PutCommand({
        TableName: tableName(),
        Item: {
          ...keys.user(id), ...keys.userListEntry(username.toLowerCase(), id), type: 'user',
          id, username, usernameLower: username.toLowerCase(), email: `${username}@beispiel.de`, firstname: 'Viele', lastname: 'Nutzer',
          passwordHash: 'nie-angemeldet', userGroup: { id: 'user', group: 'user' }, isActive: true, tokenVersion: 0, version: 1, createdAt: now, updatedAt: now,
        },
      }));
      return id;
    }));
  }

  async function upload(token: string, companyId: string): Promise<string> {
    const res = await s.call('uploadCreate', { params: { id: companyId }, token, multipart: [{ name: 'image', filename: 'logo.png', contentType: 'image/png', data: makePng(20, 15) }] });
    expect(res.status).toBe(200);
    return res.body.filename;
  }
  return { userVersion, seedUsers, upload };
}
