import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import type { BodyOf } from '../helpers/api-client.ts';
import type { TestServer } from '../helpers/server.ts';
import { createProfile, createTenant, getCompany } from '../helpers/card-fixtures.ts';
import { csvLimits } from '../../shared/schemas/tools.ts';
import { DeleteCommand, GetCommand } from '../../functions/lib/dynamo.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import { matchKeyHash } from '../../functions/domain/cards/match-index.ts';
import { cp1252, toolsHelpers } from './tools-helpers.ts';

const s = useTestServer();
const { convert, importRows, exportCsv, cardsOf } = toolsHelpers(s);
let admin: string;
beforeAll(async () => { admin = await s.adminToken(); });

describe('POST /api/tools/import', () => {
  const header = 'Vorname;Nachname;E-Mail 1;Position;Aktiv';
  const people = (n: number, position = 'Team') =>
    Array.from({ length: n }, (_, i) => `Vor${i};Nach${i};p${i}@example.de;${position};${i % 2 ? 'Nein' : 'Ja'}`);

  test('importing the same file twice creates no duplicates and changes nothing; counters and credits follow the card rules', async () => {
    const t = await createTenant(s, undefined, { credits: 100 });
    const converted = (await convert(s, [header, ...people(12)].join('\n'))).body;
    const first = await importRows(t.company.id, t.profile.id, converted, 5);
    expect(first.map((r) => r.status)).toEqual(Array(12).fill('created'));
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 12, cardCountActive: 6 });
    const credit = await s.call('creditGet', { params: { id: t.company.id }, token: admin });
    expect(credit.body.credits).toBe(94);

    const second = await importRows(t.company.id, t.profile.id, converted, 5);
    expect(second.map((r) => r.status)).toEqual(Array(12).fill('unchanged'));
    expect(second.map((r) => r.id)).toEqual(first.map((r) => r.id));
    const cards = await cardsOf(t.profile.id);
    expect(cards).toHaveLength(12);
    expect(cards.every((c) => c.version === 1)).toBe(true);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 12, cardCountActive: 6 });

    // A changed file updates the matching cards (by name and first e-mail) and keeps what it does not cover.
    const edited = cards.find((c) => c.firstname === 'Vor3')!;
    const formEdit = await s.call('personUpdate', { params: { id: edited.id }, token: admin, body: { ...edited, url: 'https://vor3.example', tel: [{ type: 'cell', value: '0171 3' }] } });
    expect(formEdit.status, JSON.stringify(formEdit.body)).toBe(200);
    const changed = (await convert(s, [header, ...people(12, 'Vertrieb')].join('\n'))).body;
    const third = await importRows(t.company.id, t.profile.id, changed);
    expect(third.map((r) => r.status)).toEqual(Array(12).fill('updated'));
    const after = (await cardsOf(t.profile.id)).find((c) => c.id === edited.id)!;
    expect(after).toMatchObject({ position: 'Vertrieb', url: 'https://vor3.example', tel: [{ type: 'cell', value: '0171 3' }], isActive: false });
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 12, cardCountActive: 6 });
  });

  test('cards made or renamed in the card form are matched by name and first e-mail (the match index follows every card write)', async () => {
    const t = await createTenant(s);
    const mk = await s.call('personCreate', { token: admin, body: { companyProfilId: t.profile.id, firstname: 'Form', lastname: 'Karte', email: [{ type: 'work1', value: 'form@example.de' }] } });
    expect(mk.status).toBe(200);
    const row = (first: string) => ({ line: 2, firstname: first, lastname: 'Karte', email: [{ type: 'work1' as const, value: 'FORM@example.de' }], position: 'Neu' });
    const send = (first: string) => s.call('toolsImport', { token: admin, body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname', 'email.work1', 'position'], rows: [row(first)] } });
    expect((await send('Form')).body.results[0]).toMatchObject({ status: 'updated', id: mk.body.id });
    const current = (await s.call('personGet', { params: { id: mk.body.id }, token: admin })).body;
    expect((await s.call('personUpdate', { params: { id: mk.body.id }, token: admin, body: { ...current, firstname: 'Umbenannt' } })).status).toBe(200);
    expect((await send('Umbenannt')).body.results[0]).toMatchObject({ status: 'unchanged', id: mk.body.id });
    // The old name no longer matches it: a new card.
    expect((await send('Form')).body.results[0]).toMatchObject({ status: 'created' });
    expect((await s.call('personDelete', { params: { id: mk.body.id }, token: admin })).status).toBe(200);
    expect((await send('Umbenannt')).body.results[0]).toMatchObject({ status: 'created' });
    expect(await cardsOf(t.profile.id)).toHaveLength(2);
  });

  test('cards from before the match index are found: the first import of a company adds them once', async () => {
    const t = await createTenant(s);
    const body = { companyProfilId: t.profile.id, firstname: 'Alt', lastname: 'Bestand', email: [{ type: 'work1', value: 'alt@example.de' }] } satisfies BodyOf<'personCreate'>;
    const old = await s.call('personCreate', { token: admin, body });
    expect(old.status).toBe(200);
    // As written before the index existed: no entry for it.
    await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.cardMatch(t.company.id, matchKeyHash(body)) }));
    const res = await s.call('toolsImport', { token: admin, body: { companyId: t.company.id, profileId: t.profile.id, fields: ['firstname', 'lastname', 'email.work1'], rows: [{ line: 2, ...body }] } });
    expect(res.body.results).toEqual([expect.objectContaining({ status: 'unchanged', id: old.body.id })]);
    const marker = await db().send(new GetCommand({ TableName: tableName(), Key: keys.cardMatchIndexed(t.company.id) }));
    expect(marker.Item).toMatchObject({ cards: 1 });
    expect(await cardsOf(t.profile.id)).toHaveLength(1);
  });

  test('the same person twice in one file: the second row updates the card the first one made (new cards are written in groups)', async () => {
    const t = await createTenant(s);
    const lines = ['Vorname;Nachname;E-Mail 1;Position', ...Array.from({ length: 40 }, (_, i) => `G${i};Gruppe;g${i}@beispiel.de;Team`), 'G3;Gruppe;g3@beispiel.de;Leitung', 'Neu;Person;neu@beispiel.de;Team'];
    const converted = (await convert(s, lines.join('\n'))).body;
    const results = await importRows(t.company.id, t.profile.id, converted);
    expect(results.map((r) => r.status)).toEqual([...Array(40).fill('created'), 'updated', 'created']);
    expect(results[40].id).toBe(results[3].id);
    const cards = await cardsOf(t.profile.id);
    expect(cards).toHaveLength(41);
    expect(cards.find((c) => c.firstname === 'G3').position).toBe('Leitung');
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 41, cardCountActive: 41 });
    const history = await s.call('creditHistoryList', { params: { id: t.company.id }, query: { limit: '200' }, token: admin });
    expect(history.body.items.filter((e: { kind: string }) => e.kind === 'activation')).toHaveLength(41);
  });

  test('an interrupted import started again finishes the job without duplicates', async () => {
    const t = await createTenant(s);
    const converted = (await convert(s, [header, ...people(25)].join('\n'))).body;
    // The browser stopped after the first two batches.
    await importRows(t.company.id, t.profile.id, { ...converted, data: converted.data.slice(0, 10) }, 5);
    expect(await cardsOf(t.profile.id)).toHaveLength(10);
    const resumed = await importRows(t.company.id, t.profile.id, converted, 5);
    expect(resumed.filter((r) => r.status === 'unchanged')).toHaveLength(10);
    expect(resumed.filter((r) => r.status === 'created')).toHaveLength(15);
    const cards = await cardsOf(t.profile.id);
    expect(cards).toHaveLength(25);
    expect(new Set(cards.map((c) => c.email[0].value)).size).toBe(25);
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 25 });
  });

  test('rows that cannot be written fail one by one with a German message (not enough credits); the others are written', async () => {
    const t = await createTenant(s, undefined, { credits: 2 });
    const converted = (await convert(s, [header, 'A;Eins;a1@example.de;;Ja', 'B;Zwei;b2@example.de;;Ja', 'C;Drei;c3@example.de;;Ja', 'D;Vier;d4@example.de;;Nein'].join('\n'))).body;
    const results = await importRows(t.company.id, t.profile.id, converted);
    expect(results.map((r) => r.status)).toEqual(['created', 'created', 'failed', 'created']);
    expect(results[2]).toMatchObject({ line: 4, name: 'C Drei', message: expect.stringMatching(/^Nicht genügend Credits/) });
    expect(await getCompany(s, t.company.id)).toMatchObject({ cardCountTotal: 3, cardCountActive: 2 });
  });

  test('export, import, export: the same rows (into another company with the same profile), and unchanged in the same company', async () => {
    const a = await createTenant(s);
    const aName = (await s.call('profileGet', { params: { id: a.profile.id }, token: admin })).body.profilname as string;
    const second = await createProfile(s, a.company.id, { profilname: 'Zweitprofil', adressen: [{ straße: 'Ring 3', plz: '50667', ort: 'Köln' }] });
    const mk = (body: BodyOf<'personCreate'>) => s.call('personCreate', { token: admin, body });
    for (const body of [
      {
        companyProfilId: a.profile.id, adresseId: a.profile.adressen[1]!.adresseId, firstname: 'Jörg', lastname: 'Äbert', nice: 'Dr.',
        position: 'Leiter "Vertrieb"; Nord', firmenname: 'Äbert GmbH', org: 'Vertrieb', url: 'https://example.de/jörg',
        tel: [{ type: 'work', value: '+49 30 123' }, { type: 'cell', value: '0171 1' }],
        email: [{ type: 'work1', value: 'joerg@example.de' }, { type: 'work3', value: 'j3@example.de' }],
        social: [{ type: 'xing', link: 'https://xing.com/jae' }, { type: 'facebook', link: 'https://facebook.com/jae' }],
      },
      { companyProfilId: second.id, adresseId: second.adressen[0]!.adresseId, firstname: 'Özlem', lastname: 'Zander', position: '=1+2', isActive: false },
      { companyProfilId: a.profile.id, firstname: 'Ohne', lastname: 'Mail' },
    ] satisfies BodyOf<'personCreate'>[]) expect((await mk(body)).status).toBe(200);

    const exportA = await exportCsv(a.company.id);
    const converted = (await convert(s, exportA)).body;
    expect(converted.errors).toEqual([]);
    expect(converted.data).toHaveLength(3);

    // Same company: every row matches its card by the ID column; nothing is written.
    const same = await importRows(a.company.id, a.profile.id, converted);
    expect(same.map((r) => r.status)).toEqual(['unchanged', 'unchanged', 'unchanged']);
    expect((await exportCsv(a.company.id)).equals(exportA)).toBe(true);

    // Another company with the same profiles: new cards, the same rows apart from ID and creation time.
    const b = await createTenant(s, a.company.org.replace(/$/, ' B'));
    await s.call('profileUpdate', { params: { id: b.profile.id }, token: admin, body: { ...b.profile, profilname: aName, adressen: a.profile.adressen } });
    await createProfile(s, b.company.id, { profilname: 'Zweitprofil', adressen: [{ straße: 'Ring 3', plz: '50667', ort: 'Köln' }] });
    const created = await importRows(b.company.id, b.profile.id, converted);
    expect(created.map((r) => [r.status, r.message])).toEqual([['created', undefined], ['created', undefined], ['created', undefined]]);
    const rowsOf = (csv: Buffer) => csv.toString('utf8').split('\r\n').map((line) => line.split(';').slice(0, -2).join(';'));
    expect(rowsOf(await exportCsv(b.company.id))).toEqual(rowsOf(exportA));
  });

  test('another company\'s card id is no match; an unknown profile or company is a 404', async () => {
    const a = await createTenant(s);
    const b = await createTenant(s);
    const card = await s.call('personCreate', { token: admin, body: { companyProfilId: b.profile.id, firstname: 'Fremd', lastname: 'Karte' } });
    const rows = [{ line: 2, id: card.body.id, firstname: 'Eigen', lastname: 'Karte' }];
    const res = await s.call('toolsImport', { token: admin, body: { companyId: a.company.id, profileId: a.profile.id, fields: ['id', 'firstname', 'lastname'], rows } });
    expect(res.body.results).toEqual([expect.objectContaining({ status: 'created' })]);
    expect(res.body.results[0]!.id).not.toBe(card.body.id);
    expect((await s.call('personGet', { params: { id: card.body.id }, token: admin })).body.firstname).toBe('Fremd');
    const wrongProfile = await s.call('toolsImport', { token: admin, body: { companyId: a.company.id, profileId: b.profile.id, fields: ['firstname', 'lastname'], rows } });
    expect(wrongProfile.status).toBe(404);
    const unknownName = await s.call('toolsImport', { token: admin, body: { companyId: a.company.id, profileId: a.profile.id, fields: ['firstname', 'lastname', 'profil'], rows: [{ line: 3, firstname: 'Neu', lastname: 'Profillos', profil: 'Gibt es nicht' }] } });
    expect(unknownName.body.results).toEqual([expect.objectContaining({ status: 'created', message: 'Profil „Gibt es nicht“ gibt es in diesem Unternehmen nicht: ins gewählte Profil übernommen' })]);
    expect(wrongProfile.body.message).toBe('Profil nicht gefunden');
  });
});

describe('POST /api/tools/legacy-convert', () => {
  test('a legacy company and its persons become a profile and cards; a second run duplicates nothing', async () => {
    const t = await createTenant(s);
    const legacy = await s.call('vcardCompanyCreate', { token: admin, body: { org: `Altfirma ${Date.now()}`, plz: '12345', ort: 'Altstadt', straße: 'Alter Weg 1', claim: 'Seit 1900' } });
    expect(legacy.status, JSON.stringify(legacy.body)).toBe(200);
    for (const p of [
      { firstname: 'Alt', lastname: 'Eins', position: 'Chef', email: [{ type: 'work1', value: 'alt1@example.de' }], tel: [{ type: 'work', value: '030 1' }] },
      { firstname: 'Alt', lastname: 'Zwei' },
    ] satisfies Omit<BodyOf<'vcardPersonCreate'>, 'companyId'>[]) expect((await s.call('vcardPersonCreate', { token: admin, body: { companyId: legacy.body.id, ...p } })).status).toBe(200);

    const run = () => s.call('toolsLegacyConvert', { token: admin, body: { vcardCompanyId: legacy.body.id, companyId: t.company.id } });
    const first = await run();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ profilname: legacy.body.org, profileCreated: true });
    expect(first.body.results.map((r: any) => r.status).sort()).toEqual(['created', 'created']);
    const profile = await s.call('profileGet', { params: { id: first.body.profileId! }, token: admin });
    expect(profile.body).toMatchObject({ companyId: t.company.id, claim: 'Seit 1900', adressen: [expect.objectContaining({ straße: 'Alter Weg 1', plz: '12345', ort: 'Altstadt' })] });
    const cards = await cardsOf(first.body.profileId!);
    expect(cards.map((c) => `${c.firstname} ${c.lastname}`).sort()).toEqual(['Alt Eins', 'Alt Zwei']);
    expect(cards.find((c) => c.lastname === 'Eins')).toMatchObject({ position: 'Chef', tel: [{ type: 'work', value: '030 1' }] });

    const again = await run();
    expect(again.body).toMatchObject({ profileId: first.body.profileId, profileCreated: false });
    expect(again.body.results.map((r: any) => r.status)).toEqual(['unchanged', 'unchanged']);
    expect(await cardsOf(first.body.profileId!)).toHaveLength(2);

    const missing = await s.call('toolsLegacyConvert', { token: admin, body: { vcardCompanyId: 'gibt-es-nicht', companyId: t.company.id } });
    expect(missing.status).toBe(404);
  });
});
