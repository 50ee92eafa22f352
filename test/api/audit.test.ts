import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer, uniqueName } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { storedAuditEntries } from '../helpers/audit.ts';
import { berlinDate } from '../../shared/berlin-clock.ts';
import { PutCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { auditItem, newAuditEntry } from '../../functions/domain/audit/record-audit.ts';
import { bookMonthlyCredits } from '../../functions/domain/credits/book-monthly-credits.ts';

// The audit log answers "who changed this card, when, and what": company users see their
// companies' entries, admins all; filters by object, person and date; pages; export.

const s = useTestServer();
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

type Entry = { id: string; at: string; actorId: string; actorName: string; action: string; objectType: string; objectId: string; companyId?: string; fields: string[]; route?: string };

async function newCard(t: Awaited<ReturnType<typeof createTenant>>) {
  const body = { companyProfilId: t.profile.id, firstname: 'Anna', lastname: 'Adler', email: [{ type: 'work1' as const, value: 'anna@beispiel.de' }] };
  const res = await s.call('personCreate', { token: t.user.token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { body, person: res.body as { id: string; version: number } };
}

describe('audit log', () => {
  it('answers who changed a card, when and which fields, without the values', async () => {
    const t = await createTenant(s);
    const { body, person } = await newCard(t);
    const upd = await s.call('personUpdate', { params: { id: person.id }, token: t.user.token, body: { ...body, lastname: 'Berg', position: 'Vertrieb', isActive: false, version: person.version } });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);

    const res = await s.call('auditList', { query: { companyId: t.company.id, objectId: person.id }, token: t.user.token });
    expect(res.status).toBe(200);
    const items = res.body.items as Entry[];
    expect(items.map((e) => e.action)).toEqual(['deactivate', 'create']);
    const [change, create] = items;
    expect(change).toMatchObject({ actorId: t.user.id, actorName: t.user.username, objectType: 'person', objectId: person.id, companyId: t.company.id, route: 'personUpdate' });
    expect(change!.fields).toEqual(['isActive', 'lastname', 'position']);
    expect(create!.fields).toEqual(expect.arrayContaining(['firstname', 'lastname', 'email', 'isActive']));
    expect(Date.parse(change!.at)).toBeGreaterThanOrEqual(Date.parse(create!.at));
    // Field names only: the log holds none of the card holder's data.
    expect(JSON.stringify(res.body)).not.toMatch(/Adler|Berg|anna@beispiel|Vertrieb/);
  });

  it('company users see only their companies; admins see all', async () => {
    const a = await createTenant(s);
    const b = await createTenant(s);
    await newCard(a);
    await newCard(b);
    expect((await s.call('auditList', { query: { companyId: b.company.id }, token: a.user.token })).status).toBe(404);
    const noCompany = await s.call('auditList', { token: a.user.token });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.fieldErrors.companyId).toBe('Bitte ein Unternehmen wählen.');
    // An object of another company is not found through one's own company either.
    const bEntries = (await s.call('auditList', { query: { companyId: b.company.id }, token: admin })).body.items as Entry[];
    const bCard = bEntries.find((e) => e.objectType === 'person')!;
    const cross = await s.call('auditList', { query: { companyId: a.company.id, objectId: bCard.objectId }, token: a.user.token });
    expect(cross.body.items).toEqual([]);

    const all = (await s.call('auditList', { query: { limit: '200' }, token: admin })).body.items as Entry[];
    const companies = new Set(all.map((e) => e.companyId));
    expect(companies.has(a.company.id) && companies.has(b.company.id)).toBe(true);
    // Newest first.
    expect(all.map((e) => e.at)).toEqual([...all.map((e) => e.at)].sort().reverse());
  });

  it('filters by person and date, pages with a cursor it checks, and exports', async () => {
    const t = await createTenant(s);
    // The entries' Berlin days (the same day unless a slow run straddled midnight).
    const firstDay = berlinDate(new Date());
    for (let i = 0; i < 3; i++) await newCard(t);
    const lastDay = berlinDate(new Date());
    const byActor = await s.call('auditList', { query: { companyId: t.company.id, actor: t.user.username }, token: admin });
    expect(byActor.body.items.length).toBeGreaterThanOrEqual(3);
    expect((byActor.body.items as Entry[]).every((e) => e.actorId === t.user.id)).toBe(true);
    expect((await s.call('auditList', { query: { companyId: t.company.id, actor: 'niemand' }, token: admin })).body.items).toEqual([]);

    expect((await s.call('auditList', { query: { companyId: t.company.id, from: firstDay, to: lastDay }, token: t.user.token })).body.items.length).toBeGreaterThanOrEqual(3);
    expect((await s.call('auditList', { query: { companyId: t.company.id, to: '2020-01-01' }, token: t.user.token })).body.items).toEqual([]);
    const order = await s.call('auditList', { query: { companyId: t.company.id, from: '2026-02-01', to: '2026-01-01' }, token: t.user.token });
    expect(order.status).toBe(400);
    expect(order.body.fieldErrors.to).toBe('Das Enddatum liegt vor dem Anfangsdatum.');
    expect((await s.call('auditList', { query: { companyId: t.company.id, from: 'gestern' }, token: t.user.token })).status).toBe(400);

    const first = await s.call('auditList', { query: { companyId: t.company.id, limit: '2' }, token: t.user.token });
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await s.call('auditList', { query: { companyId: t.company.id, limit: '2', cursor: first.body.nextCursor }, token: t.user.token });
    expect(second.body.items.length).toBeGreaterThan(0);
    expect(second.body.items[0]!.id).not.toBe(first.body.items[1]!.id);
    // A cursor of another company's list is refused.
    const other = await createTenant(s);
    await newCard(other);
    const foreignPage = await s.call('auditList', { query: { companyId: other.company.id, limit: '1' }, token: admin });
    expect((await s.call('auditList', { query: { companyId: t.company.id, cursor: foreignPage.body.nextCursor }, token: t.user.token })).status).toBe(400);

    const csv = await fetch(`${s.baseUrl}/api/audit/export?companyId=${t.company.id}`, { headers: { authorization: `Bearer ${t.user.token}` } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/aenderungsprotokoll-\d{4}-\d{2}-\d{2}\.csv/);
    const text = (await csv.text()).replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toBe('"Zeitpunkt";"Wer";"Rolle";"Aktion";"Objekt";"Objekt-ID";"Unternehmen (ID)";"Geänderte Felder";"Details";"Schnittstelle"');
    expect(text).toContain('"Angelegt";"Visitenkarte"');
    expect((await fetch(`${s.baseUrl}/api/audit/export?companyId=${other.company.id}`, { headers: { authorization: `Bearer ${t.user.token}` } })).status).toBe(404);
  });

  it('dates are Berlin days, as the screen shows the times: an entry at 00:30 Berlin time is on that day, also across a month', async () => {
    const t = await createTenant(s);
    const store = async (at: string) => {
      const e = newAuditEntry({ actor: { id: t.user.id, username: t.user.username }, change: { action: 'update', objectType: 'person', objectId: uniqueName('karte'), companyId: t.company.id, fields: ['lastname'] }, at: new Date(at) });
      await db().send(new PutCommand({ TableName: tableName(), Item: auditItem(e) }));
      return e.id;
    };
    // 1 August 00:30 in Berlin (summer time) is still 31 July in UTC, and in July's partition.
    const earlyAugust = await store('2025-07-31T22:30:00.000Z');
    const lateJuly = await store('2025-07-31T21:30:00.000Z');
    // 1 December 00:00 in Berlin (winter time) begins the day; 23:59 on 30 November does not.
    const decemberMidnight = await store('2025-11-30T23:00:00.000Z');
    const lateNovember = await store('2025-11-30T22:59:00.000Z');
    const ids = async (query: Record<string, string>, token: string) => {
      const res = await s.call('auditList', { query: { companyId: t.company.id, ...query }, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.items as Entry[]).map((e) => e.id).sort();
    };
    // Through the company's index (company users) and the month partitions (admins, all companies).
    for (const [token, scope] of [[t.user.token, {}], [admin, { companyId: '' }]] as const) {
      const q = (query: Record<string, string>) => ids(Object.fromEntries(Object.entries({ ...query, ...scope }).filter(([, v]) => v)), token);
      const mine = (list: string[]) => list.filter((id) => [earlyAugust, lateJuly, decemberMidnight, lateNovember].includes(id));
      expect(mine(await q({ from: '2025-08-01', to: '2025-08-01' }))).toEqual([earlyAugust]);
      expect(mine(await q({ from: '2025-07-31', to: '2025-07-31' }))).toEqual([lateJuly]);
      expect(mine(await q({ from: '2025-12-01', to: '2025-12-01' }))).toEqual([decemberMidnight]);
      expect(mine(await q({ to: '2025-11-30' })).sort()).toEqual([earlyAugust, lateJuly, lateNovember].sort());
      expect(mine(await q({ from: '2025-08-01', to: '2025-11-30' })).sort()).toEqual([earlyAugust, lateNovember].sort());
    }
  });

  it('records credit bookings: by an admin, by an activation and by the monthly job (as the system)', async () => {
    const t = await createTenant(s);
    await newCard(t);
    const booked = await s.call('creditHistoryCreate', { token: admin, body: { companyId: t.company.id, credits: 25, infotext: 'Aufladung' } });
    expect(booked.status).toBe(200);
    await bookMonthlyCredits({ month: '2033-03', perCard: 1 });
    const items = (await s.call('auditList', { query: { companyId: t.company.id }, token: t.user.token })).body.items as (Entry & { actorRole: string; detail?: Record<string, unknown> })[];
    const credits = items.filter((e) => e.action === 'credit');
    expect(credits.map((e) => [e.actorRole, e.detail?.credits])).toEqual(expect.arrayContaining([['system', -1], ['admin', 25]]));
    // The activation's charge is on the card's entry.
    expect(items.find((e) => e.action === 'create' && e.objectType === 'person')?.detail).toEqual({ credits: -1 });
  });

  it('records sign-ins and failed sign-ins (admins only), never the typed text of an unknown account', async () => {
    const username = uniqueName('anmeldung');
    const created = await s.call('userCreate', { token: admin,
      body: { username, email: `${username}@beispiel.de`, firstname: 'Sina', lastname: 'Sommer', password: 'Mond-Kiefer-Rad-315', userGroupId: 'user' } });
    expect(created.status).toBe(200);
    await s.login(username, 'Mond-Kiefer-Rad-315');
    expect((await s.call('authLogin', { body: { username, password: 'falsch-falsch-falsch' } })).status).toBe(401);
    const typo = `Geheim-${uniqueName('pw')}`;
    expect((await s.call('authLogin', { body: { username: typo, password: 'egal-egal-egal' } })).status).toBe(401);

    const mine = (await s.call('auditList', { query: { actor: username }, token: admin })).body.items as Entry[];
    expect(mine.map((e) => e.action).sort()).toEqual(['signIn', 'signInFailed']);
    expect(mine.every((e) => e.objectType === 'session' && e.objectId === created.body.id)).toBe(true);
    const stored = await storedAuditEntries();
    const unknown = stored.filter((e) => e.action === 'signInFailed' && e.actorRole === 'unknown');
    expect(unknown.length).toBeGreaterThan(0);
    expect(JSON.stringify(stored)).not.toContain(typo);
  });
});
