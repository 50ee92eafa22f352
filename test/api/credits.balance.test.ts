import { beforeAll, describe, expect, test } from 'vitest';
import { QueryCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
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

describe('credits: balance and manual entries', () => {
  test('an admin books credits; createdAt and createdBy are the server\'s; the balance follows', async () => {
    const t = await tenant(0);
    const me = (await s.call('authSession', { token: admin })).body;
    const res = await s.call('creditHistoryCreate', { token: admin,
      body: { companyId: t.company.id, credits: '25', infotext: ' Startguthaben ', createdAt: '2001-01-01T00:00:00.000Z', createdBy: t.user.id } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ companyId: t.company.id, credits: 25, infotext: 'Startguthaben', kind: 'manual', createdBy: me.user?.id ?? me.id });
    expect(Date.parse(res.body.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(res.body.cardId).toBeUndefined();
    expect(await balance(t.company.id, t.user.token)).toMatchObject({ credits: 25, cardCountActive: 0, inactiveCards: 0, remainingMonths: 0, activationCost: 1 });
    expect((await s.call('companyGet', { params: { id: t.company.id }, token: t.user.token })).body.credits).toBe(25);

    expect((await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: -10 } })).status).toBe(200);
    const { history: h } = await expectInvariant(t.company.id);
    expect(h.map((e) => e.credits)).toEqual([-10, 25]);
    expect(h[0]!.createdByName).toBe('admin');
  });

  test('company users see "Administrator" for an admin\'s booking, never the admin\'s username or id; admins see both', async () => {
    const t = await tenant(0);
    const me = (await s.call('authSession', { token: admin })).body;
    const adminId: string = me.user?.id ?? me.id;
    expect((await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: 7 } })).status).toBe(200);
    // An activation the company user did themselves keeps their own name.
    const profile = await createProfile(s, t.company.id);
    expect((await s.call('personCreate', { token: t.user.token, body: card(profile.id, { isActive: true }) })).status).toBe(200);
    const seenByUser = await history(t.company.id, t.user.token);
    const booked = seenByUser.find((e) => e.kind === 'manual')!;
    expect(booked).toMatchObject({ createdByName: 'Administrator' });
    expect(JSON.stringify(seenByUser)).not.toContain(adminId);
    expect(booked.createdBy).toBe('administrator');
    expect(JSON.stringify(seenByUser)).not.toContain('"createdByName":"admin"');
    expect(seenByUser.find((e) => e.kind === 'activation')).toMatchObject({ createdBy: t.user.id });
    const seenByAdmin = await history(t.company.id);
    expect(seenByAdmin.find((e) => e.kind === 'manual')).toMatchObject({ createdBy: adminId, createdByName: 'admin' });
  });

  test('an entry that would take the balance below 0 is a 409 and changes nothing', async () => {
    const t = await tenant(5);
    const res = await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: -6 } });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Der Kontostand darf nicht unter 0 fallen: Es sind nur 5 Credits vorhanden. Bitte einen kleineren Betrag abziehen.');
    expect((await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: -5 } })).status).toBe(200);
    const { balance: b, history: h } = await expectInvariant(t.company.id);
    expect(b.credits).toBe(0);
    expect(h).toHaveLength(2);
  });

  test('bad input: German field errors, nothing booked', async () => {
    const t = await tenant(0);
    const cases: [unknown, Record<string, string>][] = [
      [{ companyId: t.company.id }, { credits: 'Pflichtfeld' }],
      [{ companyId: t.company.id, credits: '' }, { credits: 'Pflichtfeld' }],
      [{ companyId: t.company.id, credits: 1.5 }, { credits: 'Bitte eine ganze Zahl eingeben' }],
      [{ companyId: t.company.id, credits: 'zehn' }, { credits: 'Bitte eine ganze Zahl eingeben' }],
      [{ companyId: t.company.id, credits: 0 }, { credits: 'Bitte eine Zahl ungleich 0 eingeben' }],
      [{ companyId: t.company.id, credits: 2_000_000 }, { credits: 'Bitte höchstens 1.000.000 Credits auf einmal buchen' }],
      [{ credits: 5 }, { companyId: 'Pflichtfeld' }],
    ];
    for (const [body, fieldErrors] of cases) {
      // Bodies the contract refuses, on purpose.
      const res = await s.call('creditHistoryCreate', { token: admin, rawBody: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ message: 'Im Formular sind Fehler vorhanden', fieldErrors });
    }
    const missing = await s.call('creditHistoryCreate', { token: admin, body: { companyId: 'gibt-es-nicht', credits: 5 } });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Konnte Unternehmen nicht laden');
    expect(await history(t.company.id)).toEqual([]);
    expect((await balance(t.company.id)).credits).toBe(0);
  });

  test('permissions: company users cannot book and cannot read other companies', async () => {
    const a = await tenant(10);
    const b = await tenant(10);
    const booked = await s.call('creditHistoryCreate', { token: a.user.token, body: { companyId: a.company.id, credits: 100 } });
    expect(booked.status).toBe(403);
    expect((await balance(a.company.id)).credits).toBe(10);

    expect((await s.call('creditGet', { params: { id: a.company.id }, token: a.user.token })).status).toBe(200);
    expect((await s.call('creditHistoryList', { params: { id: a.company.id }, token: a.user.token })).status).toBe(200);
    for (const id of [b.company.id, 'gibt-es-nicht']) {
      for (const res of [await s.call('creditGet', { params: { id }, token: a.user.token }), await s.call('creditHistoryList', { params: { id }, token: a.user.token })]) {
        expect(res.status, id).toBe(404);
        expect(res.body.message).toBe('Konnte Unternehmen nicht laden');
      }
    }
    expect((await s.call('creditStatistics', { token: a.user.token })).status).toBe(403);
    expect((await s.call('creditGet', { params: { id: a.company.id } })).status).toBe(401);
    expect((await s.call('creditHistoryList', { params: { id: a.company.id } })).status).toBe(401);
    expect((await s.call('creditStatistics')).status).toBe(401);
    expect((await s.call('creditHistoryCreate', { body: { companyId: a.company.id, credits: 1 } })).status).toBe(401);
  });

  test('history comes newest first in pages; a cursor of another company is a 400', async () => {
    const t = await tenant(0);
    const other = await tenant(3);
    for (let i = 1; i <= 5; i++) await addCredits(s, t.company.id, i, `Nr. ${i}`);
    const first = await s.call('creditHistoryList', { params: { id: t.company.id }, query: { limit: '2' }, token: t.user.token });
    expect(first.status).toBe(200);
    expect(first.body.items.map((e: { credits: number }) => e.credits)).toEqual([5, 4]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await s.call('creditHistoryList', { params: { id: t.company.id }, query: { limit: '2', cursor: first.body.nextCursor }, token: t.user.token });
    expect(second.body.items.map((e) => e.infotext)).toEqual(['Nr. 3', 'Nr. 2']);
    expect((await history(t.company.id, t.user.token, 2)).map((e) => e.credits)).toEqual([5, 4, 3, 2, 1]);

    const foreign = await s.call('creditHistoryList', { params: { id: other.company.id }, query: { limit: '1' }, token: admin });
    const stolen = await s.call('creditHistoryList', { params: { id: t.company.id }, query: { cursor: foreign.body.nextCursor ?? 'x' }, token: t.user.token });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fieldErrors).toEqual({ cursor: 'Ungültige Seitenangabe. Bitte laden Sie die Liste neu.' });
    expect((await s.call('creditHistoryList', { params: { id: t.company.id }, query: { limit: '0' }, token: t.user.token })).status).toBe(400);
  });
});

describe('credits: activation charges', () => {
  test('creating active charges, switching on charges once, switching on again books 0; too few credits is a 409', async () => {
    const t = await tenant(2);
    const a = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { firstname: 'Anna' }) });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(await balance(t.company.id)).toMatchObject({ credits: 1, cardCountActive: 1, remainingMonths: 1 });

    const b = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { firstname: 'Berta', isActive: false }) });
    const c = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { firstname: 'Carl', isActive: false }) });
    expect((await balance(t.company.id)).credits).toBe(1);
    const onB = await s.call('personUpdate', { params: { id: b.body.id }, token: t.user.token, body: { ...card(t.profile.id, { firstname: 'Berta', isActive: true }), version: 1 } });
    expect(onB.status).toBe(200);
    expect(await balance(t.company.id)).toMatchObject({ credits: 0, cardCountActive: 2, inactiveCards: 1, remainingMonths: 0 });

    // No credits left: the card stays as it was, nothing is booked.
    const onC = await s.call('personUpdate', { params: { id: c.body.id }, token: t.user.token, body: { ...card(t.profile.id, { firstname: 'Carl', position: 'Neu', isActive: true }), version: 1 } });
    expect(onC.status).toBe(409);
    expect(onC.body.message).toBe('Nicht genügend Credits: Die Aktivierung kostet 1 Credit, es fehlen noch 1 Credit. Die Visitenkarte wurde nicht gespeichert. Bitte wenden Sie sich an Ihren Administrator, um Credits aufzuladen.');
    expect((await s.call('personGet', { params: { id: c.body.id }, token: t.user.token })).body).toMatchObject({ isActive: false, version: 1 });
    expect((await s.call('personGet', { params: { id: c.body.id }, token: t.user.token })).body.position).toBeUndefined();
    const created = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { firstname: 'Dora' }) });
    expect(created.status).toBe(409);
    expect(created.body.message).toContain('es fehlen noch 1 Credit');
    expect(await balance(t.company.id)).toMatchObject({ credits: 0, cardCountTotal: 3, cardCountActive: 2 });

    // Off and on again: paid before, so an entry of 0 even with an empty balance.
    const offA = await s.call('personUpdate', { params: { id: a.body.id }, token: t.user.token, body: { ...card(t.profile.id, { firstname: 'Anna', isActive: false }), version: 1 } });
    expect(offA.status).toBe(200);
    const onA = await s.call('personUpdate', { params: { id: a.body.id }, token: t.user.token, body: { ...card(t.profile.id, { firstname: 'Anna', isActive: true }), version: 2 } });
    expect(onA.status, JSON.stringify(onA.body)).toBe(200);
    // Saving an active card again (no switch) books nothing.
    expect((await s.call('personUpdate', { params: { id: a.body.id }, token: t.user.token, body: { ...card(t.profile.id, { firstname: 'Anna', position: 'X' }), version: 3 } })).status).toBe(200);

    const { balance: bal, history: h } = await expectInvariant(t.company.id);
    expect(bal).toMatchObject({ credits: 0, cardCountActive: 2 });
    const activations = h.filter((e) => e.kind === 'activation');
    expect(activations.map((e) => [e.cardId, e.credits])).toEqual([[a.body.id, 0], [b.body.id, -1], [a.body.id, -1]]);
    expect(activations[0]!.infotext).toBe('Erneute Aktivierung der Visitenkarte Anna Kredit (bereits bezahlt)');
    expect(activations[2]!.infotext).toBe('Aktivierung der Visitenkarte Anna Kredit');
    expect(activations.every((e) => e.createdBy === t.user.id)).toBe(true);
  });

  test('creating an active card without credits is a 409 and creates nothing', async () => {
    const t = await tenant(0);
    const res = await s.call('personCreate', { token: t.user.token, body: card(t.profile.id) });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Nicht genügend Credits: Die Aktivierung kostet 1 Credit, es fehlen noch 1 Credit\./);
    expect(await balance(t.company.id)).toMatchObject({ credits: 0, cardCountTotal: 0 });
    expect(await history(t.company.id)).toEqual([]);
  });

  test('parallel activations with credits for only some: exactly that many succeed, the others stay inactive', async () => {
    const t = await tenant(3);
    const cards = [];
    for (let i = 0; i < 7; i++) {
      cards.push((await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: `P${i}`, isActive: false }) })).body);
    }
    const results = await Promise.all(cards.map((c) =>
      s.call('personUpdate', { params: { id: c.id }, token: t.user.token, body: { ...card(t.profile.id, { lastname: c.lastname, isActive: true }), version: 1 } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((x) => x === 200), JSON.stringify(results.map((r) => r.body))).toHaveLength(3);
    expect(statuses.filter((x) => x === 409)).toHaveLength(4);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body.message).toContain('es fehlen noch 1 Credit');
    expect(await activeCardsOf(t.profile.id, t.user.token)).toBe(3);
    const { balance: b, history: h } = await expectInvariant(t.company.id);
    expect(b).toMatchObject({ credits: 0, cardCountActive: 3 });
    expect(h.filter((e) => e.kind === 'activation')).toHaveLength(3);
  });

  test('parallel creates with credits for only some', async () => {
    const t = await tenant(2);
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) =>
      s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: `C${i}` }) })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409]);
    const { balance: b } = await expectInvariant(t.company.id);
    expect(b).toMatchObject({ credits: 0, cardCountTotal: 2, cardCountActive: 2 });
  });
});

async function monthlyEntries(companyId: string) {
  return (await history(companyId)).filter((e) => e.kind === 'monthly');
}

describe('credits: the monthly job', () => {
  test('books per active card once per company and month, even when run twice at once', async () => {
    const t = await tenant(20);
    for (let i = 0; i < 3; i++) await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: `M${i}` }) });
    await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: 'Aus', isActive: false }) });
    const idle = await tenant(7);
    expect(await balance(t.company.id)).toMatchObject({ credits: 17, cardCountActive: 3, remainingMonths: 5 });

    const [first, second] = await Promise.all([
      bookMonthlyCredits({ month: '2031-01', perCard: 2 }),
      bookMonthlyCredits({ month: '2031-01', perCard: 2 }),
    ]);
    expect(first.failed + second.failed).toBe(0);
    expect(first.booked + second.booked).toBeGreaterThanOrEqual(1);
    const again = await bookMonthlyCredits({ month: '2031-01', perCard: 2 });
    expect(again.booked).toBe(0);
    expect(again.alreadyBooked).toBeGreaterThanOrEqual(1);

    const entries = await monthlyEntries(t.company.id);
    expect(entries.map((e) => e.credits)).toEqual([-6]);
    expect(entries[0]).toMatchObject({ createdBy: 'system', createdByName: 'System (monatliche Gebühr)', infotext: 'Monatliche Gebühr 2031-01: 3 aktive Visitenkarten × 2 Credits' });
    expect(await balance(t.company.id)).toMatchObject({ credits: 11, remainingMonths: 3 });
    await expectInvariant(t.company.id);
    // No active cards: nothing booked.
    expect(await monthlyEntries(idle.company.id)).toEqual([]);
    expect((await balance(idle.company.id)).credits).toBe(7);

    // The next month is a new booking; 0 per card turns the job off.
    expect((await bookMonthlyCredits({ month: '2031-02', perCard: 0 })).booked).toBe(0);
    await bookMonthlyCredits({ month: '2031-02', perCard: 1 });
    expect((await monthlyEntries(t.company.id)).map((e) => e.credits)).toEqual([-3, -6]);
    await expectInvariant(t.company.id);
  });

  test('books at most the balance; the entry says what was due', async () => {
    const t = await tenant(4);
    for (let i = 0; i < 3; i++) await s.call('personCreate', { token: t.user.token, body: card(t.profile.id, { lastname: `K${i}` }) });
    const outcome = await bookMonthlyForCompany({ company: (await getCompanyItem(t.company.id))!, month: '2032-05', perCard: 2 });
    expect(outcome).toBe('booked');
    const [entry] = await monthlyEntries(t.company.id);
    expect(entry).toMatchObject({ credits: -1, infotext: 'Monatliche Gebühr 2032-05: 3 aktive Visitenkarten × 2 Credits (fällig 6 Credits, gebucht 1 Credit: Guthaben reichte nicht)' });
    expect(await balance(t.company.id)).toMatchObject({ credits: 0, remainingMonths: 0, cardCountActive: 3 });
    expect(await bookMonthlyForCompany({ company: (await getCompanyItem(t.company.id))!, month: '2032-05', perCard: 2 })).toBe('alreadyBooked');
  });
});
