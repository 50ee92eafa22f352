import { beforeAll, describe, expect, test } from 'vitest';
import { UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createCompany, createProfile, createUserToken, uploadImage } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { NotFoundError } from '../../functions/lib/errors.ts';
import { createProfileSchema, updateProfileSchema } from '../../shared/schemas/profile.ts';
import type { AuthUser } from '../../functions/lib/auth/session.ts';
import { getUserItem } from '../../functions/domain/users/user-item.ts';
import { createProfile as createDomainProfile } from '../../functions/domain/profiles/create-profile.ts';
import { updateProfile as updateDomainProfile } from '../../functions/domain/profiles/update-profile.ts';
import { deleteProfile as deleteDomainProfile } from '../../functions/domain/profiles/delete-profile.ts';
import { profilesHelpers } from './profiles-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { DEFAULT_SETTINGS, tenant, logos, fullProfile } = profilesHelpers(s);

describe('profiles: delete rules', () => {
  test('the only profile cannot be deleted; one of two can; then the last one cannot', async () => {
    const t = await tenant();
    const first = await createProfile(s, t.company.id);
    const only = await s.call('profileDelete', { params: { id: first.id }, token: t.user.token });
    expect(only.status).toBe(409);
    expect(only.body.message).toBe('Das einzige Profil eines Unternehmens kann nicht gelöscht werden.');

    const second = await createProfile(s, t.company.id);
    expect((await s.call('profileDelete', { params: { id: second.id }, token: t.user.token })).status).toBe(200);
    expect((await s.call('profileGet', { params: { id: second.id }, token: t.user.token })).status).toBe(404);
    expect((await s.call('companyGet', { params: { id: t.company.id }, token: admin })).body.profileCount).toBe(1);
    expect((await s.call('profileDelete', { params: { id: first.id }, token: t.user.token })).status).toBe(409);
  });

  test('a profile with cards cannot be deleted', async () => {
    const t = await tenant();
    await createProfile(s, t.company.id);
    const withCards = await createProfile(s, t.company.id);
    await db().send(new UpdateCommand({ TableName: tableName(), Key: keys.profile(withCards.id), UpdateExpression: 'ADD cardCount :one', ExpressionAttributeValues: { ':one': 1 } }));
    const res = await s.call('profileDelete', { params: { id: withCards.id }, token: t.user.token });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Das Profil kann nicht gelöscht werden, da ihm noch Visitenkarten zugeordnet sind.');
    expect((await s.call('profileGet', { params: { id: withCards.id }, token: t.user.token })).status).toBe(200);
  });

  test('deleting a missing profile is a 404', async () => {
    expect((await s.call('profileDelete', { params: { id: 'gibt-es-nicht' }, token: admin })).status).toBe(404);
  });
});

describe('profiles: isolation', () => {
  test('every profile route: admin, user of A, user of B, anonymous', async () => {
    const a = await tenant();
    const b = await tenant();
    const keep = await createProfile(s, a.company.id);
    const callers = { admin, userA: a.user.token, userB: b.user.token, anonymous: undefined } as const;
    type Caller = keyof typeof callers;
    const extra: Record<Caller, string> = { admin: '', userA: '', userB: '', anonymous: '' };
    for (const caller of Object.keys(callers) as Caller[]) extra[caller] = (await createProfile(s, a.company.id)).id;
    /** The names the PATCH case sends, in caller order: admin, userA, userB, anonymous. */
    const renames: string[] = [];
    const rename = () => {
      const profilname = uniqueName('P');
      renames.push(profilname);
      return { profilname };
    };
    const cases: { name: string; call: (token: string | undefined, caller: Caller) => Promise<{ status: number; body: unknown }>; expect: Record<Caller, number> }[] = [
      { name: 'profileCreate', call: (token) => s.call('profileCreate', { token, body: { companyId: a.company.id, profilname: uniqueName('P') } }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'profileList', call: (token) => s.call('profileList', { params: { companyId: a.company.id }, token }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'profileGet', call: (token) => s.call('profileGet', { params: { id: keep.id }, token }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'profileUpdate', call: (token) => s.call('profileUpdate', { params: { id: keep.id }, token, body: rename() }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
      { name: 'profileDelete', call: (token, caller) => s.call('profileDelete', { params: { id: extra[caller] }, token }), expect: { admin: 200, userA: 200, userB: 404, anonymous: 401 } },
    ];
    for (const c of cases) {
      for (const caller of Object.keys(c.expect) as Caller[]) {
        const res = await c.call(callers[caller], caller);
        expect(res.status, `${c.name} as ${caller}: ${JSON.stringify(res.body)}`).toBe(c.expect[caller]);
      }
    }
    // B's user changed nothing of A's: the profiles B tried to delete and rename are untouched.
    const kept = await s.call('profileGet', { params: { id: keep.id }, token: admin });
    expect(kept.body).toMatchObject({ profilname: renames[1], version: 3 });
    expect((await s.call('profileGet', { params: { id: extra.userB }, token: admin })).status).toBe(200);
    expect((await s.call('profileGet', { params: { id: extra.anonymous }, token: admin })).status).toBe(200);
    // The answer for a foreign profile is exactly that for a missing one.
    const missing = await s.call('profileGet', { params: { id: 'gibt-es-nicht' }, token: b.user.token });
    expect((await s.call('profileGet', { params: { id: keep.id }, token: b.user.token })).body).toEqual(missing.body);
  });

  test('the tenant check is part of the write: a session read before the removal cannot write', async () => {
    const a = await tenant();
    const keep = await createProfile(s, a.company.id);
    const victim = await createProfile(s, a.company.id);
    // What the user's request saw when it started: still assigned to A.
    const stale: AuthUser = { id: a.user.id, username: 'x', isAdmin: false, companyIds: [a.company.id], tokenVersion: 0, user: (await getUserItem(a.user.id))! };
    expect((await s.call('companyUpdate', { params: { id: a.company.id }, token: admin, body: { userIds: [] } })).status).toBe(200);
    await expect(createDomainProfile({ auth: stale, input: createProfileSchema.parse({ companyId: a.company.id, profilname: 'Nein' }) })).rejects.toBeInstanceOf(NotFoundError);
    await expect(updateDomainProfile({ auth: stale, profileId: keep.id, changes: updateProfileSchema.parse({ profilname: 'Nein' }) })).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteDomainProfile({ auth: stale, profileId: victim.id })).rejects.toBeInstanceOf(NotFoundError);
    const list = await s.call('profileList', { params: { companyId: a.company.id }, token: admin });
    expect(list.body.map((p: { id: string; version: number }) => [p.id, p.version]).sort()).toEqual([[keep.id, 1], [victim.id, 1]].sort());
  });

  test('a user removed from the company loses access at once', async () => {
    const a = await tenant();
    const p = await createProfile(s, a.company.id);
    expect((await s.call('companyUpdate', { params: { id: a.company.id }, token: admin, body: { userIds: [] } })).status).toBe(200);
    expect((await s.call('profileGet', { params: { id: p.id }, token: a.user.token })).status).toBe(404);
    expect((await s.call('profileUpdate', { params: { id: p.id }, token: a.user.token, body: { profilname: 'Nein' } })).status).toBe(404);
    expect((await s.call('profileCreate', { token: a.user.token, body: { companyId: a.company.id, profilname: 'Nein' } })).status).toBe(404);
  });
});
