import { beforeEach, describe, expect, it } from 'vitest';
import { QueryCommand } from '../../functions/lib/dynamo.ts';
import { useTestServer } from '../helpers/server.ts';
import { clearOfMidnight } from '../helpers/clear-of-midnight.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import type { TestServer } from '../helpers/server.ts';
import { countLogFile } from '../helpers/count-log.ts';
import { CDN_LOG_HEADER, formatCdnLogLine } from '../../functions/domain/statistics/cdn-log-format.ts';
import { berlinDay } from '../../functions/domain/statistics/berlin-time.ts';
import { companyStatistics } from '../../functions/domain/statistics/company-statistics.ts';
import { db, tableName } from '../../functions/lib/db.ts';
import { keys } from '../../functions/lib/keys.ts';
import type { AuthUser } from '../../functions/lib/auth/session.ts';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCdnLogWriter } from '../../functions/local/cdn-log-writer.ts';

const s = useTestServer();

// Today's day and month are in the expectations: a run must not straddle Berlin midnight.
beforeEach(() => clearOfMidnight(20_000));

const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

async function newCard(server: TestServer, companyProfilId: string, lastname = 'Muster'): Promise<string> {
  const res = await server.call('personCreate', { token: await server.adminToken(),
    body: { companyProfilId, firstname: 'Erika', lastname } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id;
}

async function tenantWithCard() {
  const t = await createTenant(s);
  const cardId = await newCard(s, t.profile.id);
  return { ...t, cardId };
}

/** What a visitor's phone does: the public page loads the card JSON; "Kontakt speichern" the vCard. */
async function visit(cardId: string, o: { views?: number; saves?: number; ua?: string } = {}) {
  for (let i = 0; i < (o.views ?? 0); i++) {
    const res = await s.call('cardGet', { params: { id: cardId }, headers: { 'user-agent': o.ua ?? BROWSER } });
    expect(res.status).toBe(200);
  }
  for (let i = 0; i < (o.saves ?? 0); i++) {
    const res = await s.call('cardVcard', { params: { id: cardId }, headers: { 'user-agent': o.ua ?? BROWSER } });
    expect(res.status).toBe(200);
  }
}

async function companyStats(companyId: string, token?: string) {
  return s.call('statisticCompany', { query: { companyId: companyId }, token: token ?? await s.adminToken() });
}

async function cardStats(cardId: string, token?: string) {
  return s.call('statisticCard', { params: { id: cardId }, token: token ?? await s.adminToken() });
}

function cardRow(body: { cards: { personId: string; views: number[]; saves: number[]; totalViews: number; totalSaves: number }[] }, cardId: string) {
  return body.cards.find((c) => c.personId === cardId);
}

/** A card's day counters (its own partition) and its rollup in the company's statistics partition. */
async function counterItems(companyId: string, cardId: string) {
  const query = async (pk: string) => (await db().send(new QueryCommand({ TableName: tableName(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk } }))).Items ?? [];
  const days = await query(keys.cardStatDayPartition(cardId).pk);
  const rollups = (await query(keys.cardStatRollupPartition(companyId).pk)).filter((i) => i.sk === cardId);
  return days.length + rollups.length;
}

describe('views and saves from the access log', () => {
  it('N public loads and M vCard downloads give exactly N views and M saves after a flush, on both routes', async () => {
    const t = await tenantWithCard();
    const other = await newCard(s, t.profile.id, 'Andere');
    await visit(t.cardId, { views: 7, saves: 3 });
    await visit(other, { views: 2 });
    // Nothing is counted in the request path.
    expect(cardRow((await companyStats(t.company.id)).body, t.cardId)).toBeUndefined();
    const flushed = await s.flushViews();
    expect(flushed.counted).toBe(12);

    const company = await companyStats(t.company.id, t.user.token);
    expect(company.status).toBe(200);
    expect(company.body.months).toHaveLength(12);
    expect(company.body.months.at(-1)).toBe(berlinDay(new Date()).slice(0, 7));
    const row = cardRow(company.body, t.cardId)!;
    expect(row.views.at(-1)).toBe(7);
    expect(row.saves.at(-1)).toBe(3);
    expect(row.views.slice(0, 11).every((v: number) => v === 0)).toBe(true);
    expect([row.totalViews, row.totalSaves]).toEqual([7, 3]);
    expect(cardRow(company.body, other)!.views.at(-1)).toBe(2);

    const card = await cardStats(t.cardId, t.user.token);
    expect(card.status).toBe(200);
    expect(card.body).toEqual([{ personId: t.cardId, date: berlinDay(new Date()), views: 7, saves: 3, taps: 0, tapsByKind: {} }]);

    // More views later add up; a flush with nothing new changes nothing.
    await visit(t.cardId, { views: 1 });
    await s.flushViews();
    expect((await s.flushViews()).counted).toBe(0);
    expect(cardRow((await companyStats(t.company.id)).body, t.cardId)!.totalViews).toBe(8);
  });

  it('bot user agents and back-office previews add nothing', async () => {
    const t = await tenantWithCard();
    for (const ua of ['facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)', 'WhatsApp/2.23.20.0 A',
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)']) {
      await visit(t.cardId, { views: 2, saves: 1, ua });
    }
    // The back office: the card form's preview and the test screen read the card through the signed-in API; the QR route.
    const token = t.user.token;
    expect((await s.call('personGet', { params: { id: t.cardId }, token })).status).toBe(200);
    await s.call('cardQr', { params: { id: t.cardId }, token });
    await s.call('personListByProfile', { params: { profileId: t.profile.id }, token });
    // A card that is not there and failures count nothing either.
    expect((await s.call('cardGet', { params: { id: 'unbekannt-123' } })).status).toBe(404);
    const flushed = await s.flushViews();
    expect(flushed.counted).toBe(0);
    expect(cardRow((await companyStats(t.company.id)).body, t.cardId)).toBeUndefined();
    expect((await cardStats(t.cardId)).body).toEqual([]);
  });

  it("another company's user gets 404 on both routes; anonymous 401", async () => {
    const t = await tenantWithCard();
    const stranger = await createTenant(s);
    await visit(t.cardId, { views: 1 });
    await s.flushViews();
    const company = await companyStats(t.company.id, stranger.user.token);
    expect(company.status).toBe(404);
    expect(JSON.stringify(company.body)).not.toContain(t.cardId);
    const card = await cardStats(t.cardId, stranger.user.token);
    expect(card.status).toBe(404);
    expect(JSON.stringify(card.body)).not.toContain(t.cardId);
    expect((await s.call('statisticCompany', { query: { companyId: t.company.id } })).status).toBe(401);
    expect((await s.call('statisticCard', { params: { id: t.cardId } })).status).toBe(401);
    expect((await companyStats('gibt-es-nicht')).status).toBe(404);
    expect((await cardStats('gibt-es-nicht')).status).toBe(404);
  });

  it("the company's statistik flag gates both routes for its users; admins always see them", async () => {
    const t = await tenantWithCard();
    const admin = await s.adminToken();
    const off = await s.call('companyUpdate', { params: { id: t.company.id }, token: admin, body: { display: { statistik: false } } });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const company = await companyStats(t.company.id, t.user.token);
    expect(company.status).toBe(403);
    expect(company.body.message).toBe('Die Statistik ist für dieses Unternehmen nicht freigeschaltet.');
    expect((await cardStats(t.cardId, t.user.token)).status).toBe(403);
    expect((await companyStats(t.company.id, admin)).status).toBe(200);
    expect((await cardStats(t.cardId, admin)).status).toBe(200);
    await s.call('companyUpdate', { params: { id: t.company.id }, token: admin, body: { display: { statistik: true } } });
    expect((await companyStats(t.company.id, t.user.token)).status).toBe(200);
  });

  it('months are German months: a view at 23:30 UTC on 31 January counts for February', async () => {
    const t = await tenantWithCard();
    const at = (iso: string) => formatCdnLogLine({ at: new Date(iso), method: 'GET', path: `/api/card/${t.cardId}`, status: 200, userAgent: '-' });
    await countLogFile({
      fileId: `test/month-${t.cardId}`,
      lines: [at('2026-01-31T22:30:00Z'), at('2026-01-31T23:30:00Z'), at('2026-02-28T22:59:59Z'), at('2026-02-28T23:00:00Z')],
    });
    const admin = { id: 'a', username: 'admin', isAdmin: true, companyIds: [], tokenVersion: 0 } as unknown as AuthUser;
    const stats = await companyStatistics({ auth: admin, companyId: t.company.id, now: new Date('2026-03-15T12:00:00Z') });
    expect(stats.months.slice(-3)).toEqual(['2026-01', '2026-02', '2026-03']);
    expect(cardRow(stats, t.cardId)!.views.slice(-3)).toEqual([1, 2, 1]);
    const days = (await cardStats(t.cardId)).body.map((d: { date: string; views: number }) => [d.date, d.views]);
    expect(days).toEqual([['2026-01-31', 1], ['2026-02-01', 1], ['2026-02-28', 1], ['2026-03-01', 1]]);
  });

  it("deleting a card deletes its counters; deleting the company deletes all of them", async () => {
    const t = await tenantWithCard();
    const kept = await newCard(s, t.profile.id, 'Bleibt');
    await visit(t.cardId, { views: 2, saves: 1 });
    await visit(kept, { views: 1 });
    await s.flushViews();
    expect([await counterItems(t.company.id, t.cardId), await counterItems(t.company.id, kept)]).toEqual([2, 2]);
    const del = await s.call('personDelete', { params: { id: t.cardId }, token: t.user.token });
    expect(del.status, JSON.stringify(del.body)).toBe(200);
    const after = (await companyStats(t.company.id)).body;
    expect(cardRow(after, t.cardId)).toBeUndefined();
    expect(cardRow(after, kept)!.totalViews).toBe(1);
    expect([await counterItems(t.company.id, t.cardId), await counterItems(t.company.id, kept)]).toEqual([0, 2]);
    const gone = await s.call('companyDelete', { params: { id: t.company.id }, token: await s.adminToken() });
    expect(gone.status, JSON.stringify(gone.body)).toBe(200);
    expect(await counterItems(t.company.id, kept)).toBe(0);
  });

  it('the local log holds nothing personal, only counted paths, and is deleted once counted', async () => {
    const t = await tenantWithCard();
    const dir = await mkdtemp(join(tmpdir(), 'vk-cdn-test-'));
    const writer = createCdnLogWriter({ dir, flushSeconds: 0 });
    writer.record({ method: 'GET', path: `/api/card/${t.cardId}`, status: 200, userAgent: BROWSER });
    writer.record({ method: 'GET', path: `/api/card/${t.cardId}/vcard`, status: 200, userAgent: BROWSER });
    writer.record({ method: 'GET', path: `/api/card/${t.cardId}`, status: 200, userAgent: 'TelegramBot (like TwitterBot)' });
    writer.record({ method: 'GET', path: '/api/card/company', status: 200, userAgent: BROWSER });
    writer.record({ method: 'GET', path: `/api/card/company/person/${t.cardId}`, status: 200, userAgent: BROWSER });
    // The lines of one turn of the event loop are written together at its end.
    await new Promise((ok) => setImmediate(ok));
    const files = await readdir(dir);
    expect(files).toHaveLength(1);
    const text = await readFile(join(dir, files[0]!), 'utf8');
    const rows = text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
    expect(rows.map((r) => r[7])).toEqual([`/api/card/${t.cardId}`, `/api/card/${t.cardId}/vcard`, `/api/card/${t.cardId}`]);
    expect(rows.map((r) => r[10])).toEqual(['-', '-', 'bot']);
    expect(text).not.toContain('iPhone');
    expect(text).not.toContain('127.0.0.1');
    for (const r of rows) expect([r[4], r[12], r[9]]).toEqual(['-', '-', '-']);
    const flushed = await writer.flush();
    expect(flushed).toEqual({ files: 1, counted: 2 });
    expect(await readdir(dir)).toEqual([]);
    expect((await cardStats(t.cardId)).body).toEqual([{ personId: t.cardId, date: berlinDay(new Date()), views: 1, saves: 1, taps: 0, tapsByKind: {} }]);
    await writer.stop();
  });
});

describe('taps from the access log (issue 28)', () => {
  /** What the public page's listener sends for a click on a counted link. */
  async function tap(cardId: string, kind: string, ua = BROWSER) {
    const res = await fetch(`${s.baseUrl}/tap.gif?c=${encodeURIComponent(cardId)}&k=${encodeURIComponent(kind)}`, { headers: { 'user-agent': ua }, cache: 'no-store' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/gif');
    await res.arrayBuffer();
  }

  it('beacon requests count as taps by kind per card, day and month; bots, unknown kinds and foreign ids count nothing', async () => {
    const t = await tenantWithCard();
    for (const kind of ['call', 'call', 'write', 'social-linkedin', 'vcard', 'wallet-apple']) await tap(t.cardId, kind);
    await tap(t.cardId, 'call', 'Googlebot/2.1');
    await tap(t.cardId, 'kaffee');
    await tap('../../etc', 'call');
    await visit(t.cardId, { views: 1 });
    // Nothing is counted in the request path: the beacon is a static file.
    expect(cardRow((await companyStats(t.company.id)).body, t.cardId)).toBeUndefined();
    await s.flushViews();
    const row = cardRow((await companyStats(t.company.id, t.user.token)).body, t.cardId) as unknown as { taps: number[]; totalTaps: number; tapsByKind: Record<string, number>; totalViews: number };
    expect(row.totalViews).toBe(1);
    expect(row.totalTaps).toBe(6);
    expect(row.taps.at(-1)).toBe(6);
    expect(row.tapsByKind).toEqual({ call: 2, write: 1, 'social-linkedin': 1, vcard: 1, 'wallet-apple': 1 });
    expect((await cardStats(t.cardId, t.user.token)).body).toEqual([{
      personId: t.cardId, date: berlinDay(new Date()), views: 1, saves: 0, taps: 6,
      tapsByKind: { call: 2, write: 1, 'social-linkedin': 1, vcard: 1, 'wallet-apple': 1 },
    }]);
    // The statistics export carries them beside views and saves (CSV: German Excel, semicolons).
    const csv = await fetch(`${s.baseUrl}/api/card/statistic/company/${t.company.id}/export`, { headers: { authorization: `Bearer ${t.user.token}` } });
    expect(csv.status).toBe(200);
    const [header, first] = (await csv.text()).replace(/^\uFEFF/, '').split('\r\n').map((l) => l.split(';').map((c) => c.replace(/^"|"$/g, '')));
    expect(first![header!.indexOf('Klicks gesamt')]).toBe('6');
    expect(first![header!.indexOf('Aufrufe gesamt')]).toBe('1');
  });
});
