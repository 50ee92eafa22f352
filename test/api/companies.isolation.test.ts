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
import { companiesHelpers } from './companies-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { userVersion, seedUsers, upload } = companiesHelpers(s);

describe('companies: delete', () => {
  test('removes profiles, cards, uploads and the assignment; a second delete is a 404', async () => {
    const u = await createUserToken(s);
    const company = await createCompany(s, { userIds: [u.id] });
    const profile = await createProfile(s, company.id);
    const person = await s.call('personCreate', { token: u.token, body: { companyProfilId: profile.id, firstname: 'Ida', lastname: 'Idee' } });
    expect(person.status).toBe(200);
    const filename = await upload(u.token, company.id);
    const file = join(s.uploadsDir, 'images', filename);
    expect(existsSync(file)).toBe(true);
    const variants = allVariantFilenames(filename).map((name) => join(s.uploadsDir, 'images', name));
    expect(variants.every((v) => existsSync(v))).toBe(true);
    const version = await userVersion(u.id);

    const res = await s.call('companyDelete', { params: { id: company.id }, token: admin });
    expect(res.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    // The resized variants (shared/images.ts) go with the original.
    expect(variants.filter((v) => existsSync(v))).toEqual([]);
    expect((await s.call('uploadGet', { params: { field: 'logo', filename } })).status).toBe(404);
    // The CDN's cached copies go too (every field serves the file and its variants).
    const invalidated = recordedInvalidations().flat();
    const stem = filename.slice(0, filename.indexOf('.') + 1);
    expect(invalidated).toContain(`/api/upload/logo/${stem}*`);
    expect(invalidated).toContain(`/api/upload/image/${stem}*`);
    expect((await s.call('profileGet', { params: { id: profile.id }, token: admin })).status).toBe(404);
    expect((await s.call('personGet', { params: { id: person.body.id }, token: admin })).status).toBe(404);
    expect((await s.call('companyGet', { params: { id: company.id }, token: admin })).status).toBe(404);
    expect((await s.call('companyList', { token: u.token })).body).toEqual([]);
    expect(await userVersion(u.id)).toBe(version + 1);
    const user = await db().send(new GetCommand({ TableName: tableName(), Key: keys.user(u.id) }));
    expect(user.Item?.companyIds).toBeUndefined();
    expect((await s.call('companyDelete', { params: { id: company.id }, token: admin })).status).toBe(404);
  });

  test('finishes the job after an interrupted run', async () => {
    const u = await createUserToken(s);
    const company = await createCompany(s, { userIds: [u.id] });
    const p1 = await createProfile(s, company.id);
    const p2 = await createProfile(s, company.id);
    const filename = await upload(u.token, company.id);
    // A run that marked the company and removed one profile, then stopped.
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.company(company.id), UpdateExpression: 'SET deleting = :t', ExpressionAttributeValues: { ':t': true } }));
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.profile(p1.id) }));
    // While marked, nothing new can be written for the company.
    const late = await s.call('profileCreate', { token: admin, body: { companyId: company.id, profilname: 'Zu spät' } });
    expect(late.status).toBe(404);

    expect((await s.call('companyDelete', { params: { id: company.id }, token: admin })).status).toBe(200);
    expect((await s.call('profileGet', { params: { id: p2.id }, token: admin })).status).toBe(404);
    expect(existsSync(join(s.uploadsDir, 'images', filename))).toBe(false);
    expect((await db().send(new GetCommand({ TableName: tableName(), Key: keys.upload(filename) }))).Item).toBeUndefined();
    expect((await s.call('companyList', { token: u.token })).body).toEqual([]);
  });
});

describe('companies: isolation matrix (admin, user of A, user of B, anonymous)', () => {
  test('every company route', async () => {
    const ua = await createUserToken(s);
    const ub = await createUserToken(s);
    const a = await createCompany(s, { userIds: [ua.id] });
    const b = await createCompany(s, { userIds: [ub.id] });
    // Each user's list holds their own company and not the other's (checked before A is deleted below).
    const ids = async (token: string) => (await s.call('companyList', { token })).body.map((c: { id: string }) => c.id);
    expect(await ids(ub.token)).toEqual([b.id]);
    expect(await ids(ua.token)).toEqual([a.id]);
    const callers = { admin, userA: ua.token, userB: ub.token, anonymous: undefined } as const;
    type Caller = keyof typeof callers;
    const cases: { name: string; call: (token: string | undefined) => Promise<{ status: number; body: unknown }>; expect: Record<Caller, number> }[] = [
      { name: 'companyGet', call: (token) => s.call('companyGet', { params: { id: a.id }, token }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'companyActiveCardCount', call: (token) => s.call('companyActiveCardCount', { params: { id: a.id }, token }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'companyUpdate', call: (token) => s.call('companyUpdate', { params: { id: a.id }, token, body: { org: uniqueName('Firma ') } }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'companyCreate', call: (token) => s.call('companyCreate', { token, body: { org: uniqueName('Firma ') } }), expect: { admin: 200, userA: 403, userB: 403, anonymous: 401 } },
      { name: 'companyList', call: (token) => s.call('companyList', { token }), expect: { admin: 200, userA: 200, userB: 200, anonymous: 401 } },
      // Admin last: the company is gone afterwards.
      { name: 'companyDelete', call: (token) => s.call('companyDelete', { params: { id: a.id }, token }), expect: { userA: 403, userB: 403, anonymous: 401, admin: 200 } },
    ];
    for (const c of cases) {
      for (const caller of Object.keys(c.expect) as Caller[]) {
        const res = await c.call(callers[caller]);
        expect(res.status, `${c.name} as ${caller}: ${JSON.stringify(res.body)}`).toBe(c.expect[caller]);
      }
    }
    // What user B saw of A's company is exactly a missing company's answer.
    const missing = await s.call('companyGet', { params: { id: 'gibt-es-nicht' }, token: ub.token });
    const foreign = await s.call('companyGet', { params: { id: a.id }, token: ub.token });
    expect(foreign.body).toEqual(missing.body);
  });
});
