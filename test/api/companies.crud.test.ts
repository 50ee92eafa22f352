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

describe('companies: create', () => {
  test('an admin creates a company with the defaults of spec §3 and assigned users', async () => {
    const u = await createUserToken(s);
    const before = await userVersion(u.id);
    const org = uniqueName('Müller GmbH ');
    const res = await s.call('companyCreate', { token: admin, body: { org: `  ${org} `, userIds: [u.id] } });
    expect(res.status).toBe(200);
    const me = await s.call('userGet', { params: { id: u.id }, token: admin });
    expect(res.body).toEqual({
      id: expect.any(String),
      org,
      lang: 'de',
      credits: 0,
      users: [{ id: u.id, username: me.body.username, email: me.body.email }],
      display: { statistik: true },
      cardCountTotal: 0,
      cardCountActive: 0,
      profileCount: 0,
      version: 1,
      createdAt: expect.any(String),
    });
    // The user side of the assignment is in the same transaction and raises the user's version.
    expect(await userVersion(u.id)).toBe(before + 1);
    const mine = await s.call('companyList', { token: u.token });
    expect(mine.body.map((c: { id: string }) => c.id)).toEqual([res.body.id]);
  });

  test('lang and display can be set', async () => {
    const res = await s.call('companyCreate', { token: admin, body: { org: uniqueName('Firma '), lang: 'en', display: { statistik: false } } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lang: 'en', display: { statistik: false }, users: [] });
  });

  test.each([
    [{}, { org: 'Pflichtfeld' }],
    [{ org: '   ' }, { org: 'Pflichtfeld' }],
    [{ org: 'A', lang: '' }, { lang: 'Pflichtfeld' }],
    [{ org: 'A', lang: 'fr' }, { lang: 'Bitte eine der angebotenen Sprachen wählen' }],
    [{ org: 'A', userIds: ['gibt-es-nicht'] }, { userIds: 'Konnte Benutzer nicht finden' }],
  ])('invalid input %j -> 400 with German field errors', async (body, fieldErrors) => {
    // Bodies the contract refuses, on purpose.
    const res = await s.call('companyCreate', { token: admin, rawBody: body });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Im Formular sind Fehler vorhanden');
    expect(res.body.fieldErrors).toMatchObject(fieldErrors);
  });
});

describe('companies: list and read', () => {
  test('admins get every company sorted by org in German order; users only theirs', async () => {
    const tag = uniqueName('sort');
    const names = [`Zeta ${tag}`, `Äpfel ${tag}`, `alpha ${tag}`, `Beta ${tag}`];
    const u = await createUserToken(s);
    const ids: Record<string, string> = {};
    for (const org of names) ids[org] = (await createCompany(s, { org, userIds: org.startsWith('Z') || org.startsWith('a') ? [u.id] : [] })).id;

    const all = await s.call('companyList', { token: admin });
    expect(all.status).toBe(200);
    const mine = all.body.filter((c: { org: string }) => c.org.endsWith(tag)).map((c: { org: string }) => c.org);
    expect(mine).toEqual([`alpha ${tag}`, `Äpfel ${tag}`, `Beta ${tag}`, `Zeta ${tag}`]);
    const orgs = all.body.map((c: { org: string }) => c.org);
    expect(orgs).toEqual([...orgs].sort((a: string, b: string) => a.localeCompare(b, 'de', { sensitivity: 'base' })));

    const own = await s.call('companyList', { token: u.token });
    expect(own.body.map((c: { org: string }) => c.org)).toEqual([`alpha ${tag}`, `Zeta ${tag}`]);
  });

  test('a user without companies gets an empty list', async () => {
    const u = await createUserToken(s);
    expect((await s.call('companyList', { token: u.token })).body).toEqual([]);
  });
});

describe('companies: update', () => {
  test('an admin changes org, lang, display and reassigns users in one go', async () => {
    const a = await createUserToken(s);
    const b = await createUserToken(s);
    const company = await createCompany(s, { userIds: [a.id] });
    const [va, vb] = [await userVersion(a.id), await userVersion(b.id)];
    const res = await s.call('companyUpdate', { params: { id: company.id }, token: admin,
      body: { org: 'Neuer Name', lang: 'en', display: { statistik: false }, userIds: [b.id], version: 1 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ org: 'Neuer Name', lang: 'en', display: { statistik: false }, version: 2 });
    expect(res.body.users.map((u: { id: string }) => u.id)).toEqual([b.id]);
    expect([await userVersion(a.id), await userVersion(b.id)]).toEqual([va + 1, vb + 1]);
    // The removed user loses access at once; the added one gains it.
    expect((await s.call('companyGet', { params: { id: company.id }, token: a.token })).status).toBe(404);
    expect((await s.call('companyGet', { params: { id: company.id }, token: b.token })).status).toBe(200);
    expect((await s.call('companyList', { token: a.token })).body).toEqual([]);

    const cleared = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { userIds: [] } });
    expect(cleared.status).toBe(200);
    expect(cleared.body.users).toEqual([]);
    expect((await s.call('companyGet', { params: { id: company.id }, token: b.token })).status).toBe(404);
  });

  test('a company user may change org and lang, but neither display nor the users', async () => {
    const u = await createUserToken(s);
    const other = await createUserToken(s);
    const company = await createCompany(s, { userIds: [u.id] });
    const ok = await s.call('companyUpdate', { params: { id: company.id }, token: u.token, body: { org: 'Selbst benannt', lang: 'en' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ org: 'Selbst benannt', lang: 'en', display: { statistik: true } });
    const display = await s.call('companyUpdate', { params: { id: company.id }, token: u.token, body: { org: 'Mit Anzeige', display: { statistik: false } } });
    expect(display.status).toBe(403);
    expect(display.body.message).toBe('Nur Administratoren dürfen die Statistik-Anzeige ändern.');
    const users = await s.call('companyUpdate', { params: { id: company.id }, token: u.token, body: { userIds: [u.id, other.id] } });
    expect(users.status).toBe(403);
    expect(users.body.message).toBe('Nur Administratoren dürfen Benutzer zuordnen.');
    const stored = await s.call('companyGet', { params: { id: company.id }, token: admin });
    expect(stored.body).toMatchObject({ org: 'Selbst benannt', display: { statistik: true }, version: 2 });
    expect(stored.body.users.map((x: { id: string }) => x.id)).toEqual([u.id]);
  });

  test('the tenant check is part of the write: a session read before the removal cannot change the company', async () => {
    const u = await createUserToken(s);
    const company = await createCompany(s, { org: 'Vorher', userIds: [u.id] });
    const stale: AuthUser = { id: u.id, username: 'x', isAdmin: false, companyIds: [company.id], tokenVersion: 0, user: (await getUserItem(u.id))! };
    expect((await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { userIds: [] } })).status).toBe(200);
    await expect(updateCompany({ auth: stale, companyId: company.id, changes: { org: 'Nachher' } })).rejects.toBeInstanceOf(NotFoundError);
    expect((await s.call('companyGet', { params: { id: company.id }, token: admin })).body.org).toBe('Vorher');
  });

  test('a stale version is refused with 409; blank org with 400', async () => {
    const company = await createCompany(s);
    expect((await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { org: 'Erste', version: 1 } })).status).toBe(200);
    const stale = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { org: 'Zweite', version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/inzwischen geändert/);
    const blank = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { org: '' } });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldErrors).toEqual({ org: 'Pflichtfeld' });
  });

  test('an update never overwrites credits or card counters written meanwhile', async () => {
    const company = await createCompany(s, { credits: 0 });
    await db().send(new UpdateCommand({
      TableName: tableName(), Key: keys.company(company.id),
      UpdateExpression: 'ADD credits :c, cardCountTotal :t, cardCountActive :a',
      ExpressionAttributeValues: { ':c': 120, ':t': 3, ':a': 2 },
    }));
    const res = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { org: 'Zähler bleiben', version: 1 } });
    expect(res.body).toMatchObject({ credits: 120, cardCountTotal: 3, cardCountActive: 2 });
    const counts = await s.call('companyActiveCardCount', { params: { id: company.id }, token: admin });
    expect(counts.body).toEqual({ companyId: company.id, cardCountTotal: 3, cardCountActive: 2 });
  });

  test('a swap of more users than one transaction holds is a 400 on userIds and changes nothing', async () => {
    const first = await seedUsers(90);
    const second = await seedUsers(90);
    const company = await createCompany(s, { org: 'Viele', userIds: first });
    const swap = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { userIds: second } });
    expect(swap.status, JSON.stringify(swap.body)).toBe(400);
    expect(swap.body.message).toBe('Im Formular sind Fehler vorhanden');
    expect(swap.body.fieldErrors).toEqual({
      userIds: 'Zu viele Änderungen an den Benutzern auf einmal: höchstens 99 Zuordnungen und Entfernungen zusammen. Bitte in mehreren Schritten speichern.',
    });
    const unchanged = await s.call('companyGet', { params: { id: company.id }, token: admin });
    expect(unchanged.body.users.map((u: { id: string }) => u.id).sort()).toEqual([...first].sort());
    // 50 out and 49 in: 99 user writes beside the company's, exactly what fits.
    const fits = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { userIds: [...first.slice(50), ...second.slice(0, 49)] } });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.users).toHaveLength(89);
    expect((await getUserItem(second[0]!))?.companyIds).toEqual(new Set([company.id]));
    expect((await getUserItem(first[0]!))?.companyIds).toBeUndefined();
  });

  test('with a new org one user write fewer fits: the card change goes into the same transaction (issue 21)', async () => {
    const first = await seedUsers(60);
    const second = await seedUsers(60);
    const company = await createCompany(s, { org: 'Viele Karten', userIds: first });
    const body = (take: number) => ({ org: 'Viele Karten neu', userIds: [...first.slice(50), ...second.slice(0, take)] });
    const tooMany = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: body(49) });
    expect(tooMany.status, JSON.stringify(tooMany.body)).toBe(400);
    expect(tooMany.body.fieldErrors.userIds).toContain('höchstens 98');
    const fits = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: body(48) });
    expect(fits.status, JSON.stringify(fits.body)).toBe(200);
    expect(fits.body.org).toBe('Viele Karten neu');
  });

  test('assigning an unknown user is a 400 and changes nothing', async () => {
    const company = await createCompany(s, { org: 'Bleibt' });
    const res = await s.call('companyUpdate', { params: { id: company.id }, token: admin, body: { org: 'Anders', userIds: ['unbekannt'] } });
    expect(res.status).toBe(400);
    expect(res.body.fieldErrors).toEqual({ userIds: 'Konnte Benutzer nicht finden' });
    expect((await s.call('companyGet', { params: { id: company.id }, token: admin })).body.org).toBe('Bleibt');
  });
});
