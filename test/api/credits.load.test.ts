import { beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { QueryCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { clearOfMidnight } from '../helpers/clear-of-midnight.ts';
import { addCredits, createCompany, createProfile, createTenant, createUserToken } from '../helpers/card-fixtures.ts';
import { db, queryAll, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { getCompanyItem } from '../../functions/domain/companies/company-item.ts';
import { bookMonthlyCredits, bookMonthlyForCompany } from '../../functions/domain/credits/book-monthly-credits.ts';
import { berlinMonth } from '../../functions/domain/credits/credit-entry.ts';
import { creditsHelpers } from './credits-helpers.ts';

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

const { card, balance, history, expectInvariant, tenant, activeCardsOf } = creditsHelpers(s);

describe('credits: the invariant under parallel load', () => {
  test('a random mix of activations, deactivations, manual entries and a double monthly run keeps balance = sum of history', { timeout: 120_000 }, async () => {
    const t = await tenant(12);
    const cards: { id: string; lastname: string; version: number }[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: `L${i}`, isActive: i < 4 }) });
      expect(res.status).toBe(200);
      cards.push({ id: res.body.id, lastname: `L${i}`, version: 1 });
    }
    // A seeded generator, so a failure can be replayed.
    let seed = 20261123;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const ops: (() => Promise<unknown>)[] = [];
    for (let i = 0; i < 40; i++) {
      const r = random();
      const c = cards[Math.floor(random() * cards.length)]!;
      if (r < 0.55) {
        ops.push(async () => {
          const now = await s.call('personGet', { params: { id: c.id }, token: t.user.token });
          return s.call('personUpdate', { params: { id: c.id }, token: t.user.token, body: { ...card(t.profile.id, { lastname: c.lastname, isActive: !now.body.isActive }), version: now.body.version } });
        });
      } else if (r < 0.85) {
        const amount = Math.floor(random() * 9) - 4 || 2;
        ops.push(() => s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: amount } }));
      } else {
        ops.push(async () => bookMonthlyForCompany({ company: (await getCompanyItem(t.company.id))!, month: '2033-03', perCard: 1 }));
      }
    }
    ops.push(() => bookMonthlyCredits({ month: '2033-04', perCard: 1 }), () => bookMonthlyCredits({ month: '2033-04', perCard: 1 }));
    const results = await Promise.all(ops.map((op) => op()));
    for (const r of results) {
      if (r && typeof r === 'object' && 'status' in r) expect([200, 409], JSON.stringify(r)).toContain((r as { status: number }).status);
    }
    const { balance: b, history: h } = await expectInvariant(t.company.id);
    const perMonth = new Map<string, number>();
    for (const e of h.filter((x) => x.kind === 'monthly')) {
      const month = e.infotext!.match(/\d{4}-\d{2}/)![0];
      perMonth.set(month, (perMonth.get(month) ?? 0) + 1);
    }
    for (const [month, n] of perMonth) expect(n, month).toBe(1);
    expect(b.cardCountActive).toBe(await activeCardsOf(t.profile.id, t.user.token));
  });
});

describe('credits: statistics', () => {
  // This month's figures are in the expectations: a run must not straddle the end of a Berlin month.
  beforeEach(() => clearOfMidnight(20_000, berlinMonth));
  test('per month of the last 12 and per company: added, used by activations and the monthly fee, activations', async () => {
    const t = await tenant(0);
    await addCredits(s, t.company.id, 10);
    const off = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { isActive: false }) });
    await s.call('personCreate', { token: t.user.token, body: card(t.profile.id) });
    await s.call('personUpdate', { params: { id: off.body.id }, token: t.user.token, body: { ...card(t.profile.id, { isActive: true }), version: 1 } });
    await s.call('personUpdate', { params: { id: off.body.id }, token: t.user.token, body: { ...card(t.profile.id, { isActive: false }), version: 2 } });
    await s.call('personUpdate', { params: { id: off.body.id }, token: t.user.token, body: { ...card(t.profile.id, { isActive: true }), version: 3 } });
    await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: -1 } });
    expect(await bookMonthlyForCompany({ company: (await getCompanyItem(t.company.id))!, month: '2034-01', perCard: 1 })).toBe('booked');

    const res = await s.call('creditStatistics', { token: admin });
    expect(res.status).toBe(200);
    const month = berlinMonth(new Date());
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months.at(-1)).toBe(month);
    expect(res.body.total).toHaveLength(12);
    const mine = res.body.companies.find((c: { companyId: string }) => c.companyId === t.company.id)!;
    expect(mine).toMatchObject({ org: t.company.org, credits: 5, cardCountActive: 2 });
    expect(mine.months.at(-1)).toEqual({ month, added: 10, removed: 1, usedActivations: 2, usedMonthly: 2, activations: 3 });
    expect(mine.months.slice(0, 11).every((m: { added: number; activations: number }) => m.added === 0 && m.activations === 0)).toBe(true);
    const totalNow = res.body.total.at(-1)!;
    expect(totalNow.activations).toBeGreaterThanOrEqual(3);
    expect(totalNow.added).toBeGreaterThanOrEqual(10);
  });
});

describe('credits: company delete', () => {
  test('deleting a company removes its history and monthly markers', async () => {
    const u = await createUserToken(s);
    const company = await createCompany(s, { userIds: [u.id], credits: 5 });
    const profile = await createProfile(s, company.id);
    await s.call('personCreate', { token: u.token, body: card(profile.id) });
    await bookMonthlyForCompany({ company: (await getCompanyItem(company.id))!, month: '2035-01', perCard: 1 });
    expect(await history(company.id)).toHaveLength(3);
    expect((await s.call('companyDelete', { params: { id: company.id }, token: admin })).status).toBe(200);
    const left = await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': keys.creditHistoryPartition(company.id).pk } }));
    expect(left.Items).toEqual([]);
    const owned = await queryAll({ TableName: tableName(), IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': keys.ownedPartition(company.id).gsi2pk } });
    expect(owned).toEqual([]);
    expect((await s.call('creditHistoryList', { params: { id: company.id }, token: admin })).status).toBe(404);
  });
});
