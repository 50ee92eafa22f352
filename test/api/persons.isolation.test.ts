import { beforeAll, describe, expect, test } from 'vitest';
import { GetCommand, UpdateCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { createCompany, createProfile, createTenant, createUserToken, getCompany, getProfileCardCount, uploadImage } from '../helpers/card-fixtures.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { personsHelpers } from './persons-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { card, create } = personsHelpers(s);

describe('card holders: counters and concurrency', () => {
  test('company and profile counters follow create, (de)activation, profile change and delete', async () => {
    const t = await createTenant(s);
    const p2 = await createProfile(s, t.company.id);
    const counts = async () => ({
      ...(await getCompany(s, t.company.id)),
      p1: await getProfileCardCount(s, t.profile.id),
      p2: await getProfileCardCount(s, p2.id),
    });
    const expectCounts = async (total: number, active: number, p1: number, p2n: number) =>
      expect(await counts()).toMatchObject({ cardCountTotal: total, cardCountActive: active, p1, p2: p2n });

    const a = await create(t.user.token, card(t.profile.id));
    const b = await create(t.user.token, card(t.profile.id, { isActive: false }));
    await expectCounts(2, 1, 2, 0);

    const patch = (id: string, version: number, extra: Record<string, unknown>, profileId = t.profile.id) =>
      s.call('personUpdate', { params: { id }, token: t.user.token, body: { ...card(profileId, extra), version } });
    expect((await patch(a.id, 1, { isActive: false })).status).toBe(200);
    await expectCounts(2, 0, 2, 0);
    expect((await patch(b.id, 1, { isActive: true })).status).toBe(200);
    await expectCounts(2, 1, 2, 0);
    // Leaving isActive out keeps it, and keeps the counters.
    expect((await patch(b.id, 2, {})).status).toBe(200);
    await expectCounts(2, 1, 2, 0);

    const moved = await patch(b.id, 3, {}, p2.id);
    expect(moved.status).toBe(200);
    expect(moved.body.companyProfilId).toBe(p2.id);
    await expectCounts(2, 1, 1, 1);
    expect((await s.call('personListByProfile', { params: { profileId: p2.id }, token: t.user.token })).body.items.map((x: { id: string }) => x.id)).toEqual([b.id]);

    const cc = await s.call('personCardCount', { query: { companyId: t.company.id }, token: t.user.token });
    expect(cc.status).toBe(200);
    expect(cc.body).toEqual(expect.arrayContaining([{ profileId: t.profile.id, count: 1 }, { profileId: p2.id, count: 1 }]));
    expect(cc.body).toHaveLength(2);

    expect((await s.call('personDelete', { params: { id: b.id }, token: t.user.token })).status).toBe(200);
    await expectCounts(1, 0, 1, 0);
    expect((await s.call('personDelete', { params: { id: a.id }, token: t.user.token })).status).toBe(200);
    await expectCounts(0, 0, 0, 0);
  });

  test('parallel creates and deletes leave the counters exact', async () => {
    const t = await createTenant(s);
    const made = await Promise.all(Array.from({ length: 8 }, (_, i) =>
      s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: `N${i}`, isActive: i % 2 === 0 }) })));
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 8, cardCountActive: 4 });
    expect(await getProfileCardCount(s, t.profile.id)).toBe(8);

    const dels = await Promise.all(made.slice(0, 5).map((r) => s.call('personDelete', { params: { id: r.body.id }, token: t.user.token })));
    expect(dels.map((r) => r.status)).toEqual(Array(5).fill(200));
    const activeLeft = made.slice(5).filter((r) => r.body.isActive).length;
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 3, cardCountActive: activeLeft });
    expect(await getProfileCardCount(s, t.profile.id)).toBe(3);
  });

  test('a stale version is refused with 409 and changes nothing', async () => {
    const t = await createTenant(s);
    const p = await create(t.user.token, card(t.profile.id));
    const first = await s.call('personUpdate', { params: { id: p.id }, token: t.user.token, body: { ...card(t.profile.id, { position: 'Erste' }), version: 1 } });
    expect(first.status).toBe(200);
    const stale = await s.call('personUpdate', { params: { id: p.id }, token: t.user.token, body: { ...card(t.profile.id, { position: 'Zweite', isActive: false }), version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe('Die Daten wurden inzwischen geändert. Bitte laden Sie die Seite neu und versuchen Sie es erneut.');
    const now = await s.call('personGet', { params: { id: p.id }, token: t.user.token });
    expect(now.body).toMatchObject({ position: 'Erste', version: 2, isActive: true });
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountActive: 1 });
  });

  test('two simultaneous edits of one version: one wins, the other gets 409', async () => {
    const t = await createTenant(s);
    const p = await create(t.user.token, card(t.profile.id));
    const results = await Promise.all(['Eins', 'Zwei', 'Drei'].map((position) =>
      s.call('personUpdate', { params: { id: p.id }, token: t.user.token, body: { ...card(t.profile.id, { position, isActive: false }), version: 1 } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body;
    const now = await s.call('personGet', { params: { id: p.id }, token: t.user.token });
    expect(now.body).toMatchObject({ position: winner.position, version: 2 });
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 1, cardCountActive: 0 });
  });

  test('a delete racing an edit (deactivate and move) still deletes, and the counters stay exact', async () => {
    const t = await createTenant(s);
    const p2 = await createProfile(s, t.company.id);
    const cards = await Promise.all(Array.from({ length: 6 }, (_, i) => create(t.user.token, card(t.profile.id, { lastname: `R${i}` }))));
    const results = await Promise.all(cards.flatMap((c) => [
      s.call('personUpdate', { params: { id: c.id }, token: t.user.token, body: { ...card(p2.id, { isActive: false }), version: 1 } }),
      s.call('personDelete', { params: { id: c.id }, token: t.user.token }),
    ]));
    const patches = results.filter((_, i) => i % 2 === 0).map((r) => r.status);
    const deletes = results.filter((_, i) => i % 2 === 1).map((r) => r.status);
    expect(deletes, JSON.stringify(results.map((r) => r.body))).toEqual(Array(6).fill(200));
    // An edit either landed before the delete or found the card gone.
    for (const status of patches) expect([200, 404, 409]).toContain(status);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 0, cardCountActive: 0 });
    expect(await getProfileCardCount(s, t.profile.id)).toBe(0);
    expect(await getProfileCardCount(s, p2.id)).toBe(0);
  });
});

describe('card holders: tenant isolation', () => {
  let a: Awaited<ReturnType<typeof createTenant>>;
  let b: Awaited<ReturnType<typeof createTenant>>;
  beforeAll(async () => {
    a = await createTenant(s);
    b = await createTenant(s);
  });

  const who = () => ({ admin, userA: a.user.token, userB: b.user.token, anonymous: undefined });
  const expected = { admin: 200, userA: 200, userB: 404, anonymous: 401 } as const;

  test('POST on a profile of company A', async () => {
    for (const [name, token] of Object.entries(who())) {
      const res = await s.call('personCreate', { token, body: card(a.profile.id) });
      expect(res.status, name).toBe(expected[name as keyof typeof expected]);
    }
  });

  test('GET one card, the list of a profile and the card count', async () => {
    const p = await create(a.user.token, card(a.profile.id));
    for (const [name, token] of Object.entries(who())) {
      const want = expected[name as keyof typeof expected];
      expect((await s.call('personGet', { params: { id: p.id }, token })).status, `get ${name}`).toBe(want);
      expect((await s.call('personListByProfile', { params: { profileId: a.profile.id }, token })).status, `list ${name}`).toBe(want);
      expect((await s.call('personCardCount', { query: { companyId: a.company.id }, token })).status, `count ${name}`).toBe(want);
    }
    const notFound = await s.call('personGet', { params: { id: p.id }, token: b.user.token });
    expect(notFound.body.message).toBe('Visitenkarte nicht gefunden');
  });

  test('PATCH and DELETE of a card of company A', async () => {
    for (const [name, token] of Object.entries(who())) {
      const p = await create(admin, card(a.profile.id));
      const want = expected[name as keyof typeof expected];
      const patched = await s.call('personUpdate', { params: { id: p.id }, token, body: { ...card(a.profile.id, { position: name }), version: 1 } });
      expect(patched.status, `patch ${name}`).toBe(want);
      const deleted = await s.call('personDelete', { params: { id: p.id }, token });
      expect(deleted.status, `delete ${name}`).toBe(want);
      if (want !== 200) expect((await s.call('personGet', { params: { id: p.id }, token: admin })).body).toMatchObject({ version: 1, firstname: 'Jörg' });
    }
  });

  test('user A cannot move a card of A onto a profile of B', async () => {
    const p = await create(a.user.token, card(a.profile.id));
    const res = await s.call('personUpdate', { params: { id: p.id }, token: a.user.token, body: { ...card(b.profile.id), version: 1 } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Profil nicht gefunden');
  });

  test('a user of both companies cannot move a card from one to the other either (400)', async () => {
    const user = await createUserToken(s);
    const [one, two] = await Promise.all([createCompany(s, { userIds: [user.id] }), createCompany(s, { userIds: [user.id] })]);
    const [p1, p2] = await Promise.all([createProfile(s, one.id), createProfile(s, two.id)]);
    const p = await create(user.token, card(p1.id));
    const res = await s.call('personUpdate', { params: { id: p.id }, token: user.token, body: { ...card(p2.id), version: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ companyProfilId: 'Das Profil gehört zu einem anderen Unternehmen' });
    expect((await s.call('personGet', { params: { id: p.id }, token: user.token })).body).toMatchObject({ companyProfilId: p1.id, companyId: one.id, version: 1 });
    expect(await getProfileCardCount(s, p2.id)).toBe(0);
  });

  test('a user taken off the company loses access at once', async () => {
    const t = await createTenant(s);
    const p = await create(t.user.token, card(t.profile.id));
    const company = await s.call('companyGet', { params: { id: t.company.id }, token: admin });
    const off = await s.call('companyUpdate', { params: { id: t.company.id }, token: admin, body: { userIds: [], version: company.body.version } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await s.call('personGet', { params: { id: p.id }, token: t.user.token })).status).toBe(404);
    expect((await s.call('personCreate', { token: t.user.token, body: card(t.profile.id) })).status).toBe(404);
    expect((await s.call('personDelete', { params: { id: p.id }, token: t.user.token })).status).toBe(404);
  });

  test('the card count needs a company id', async () => {
    const res = await s.call('personCardCount', { token: admin });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ companyId: 'Pflichtfeld' });
  });
});
