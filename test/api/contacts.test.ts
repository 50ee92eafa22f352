import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ScanCommand } from '../../functions/lib/dynamo.ts';
import { simpleParser } from 'mailparser';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant } from '../helpers/card-fixtures.ts';
import { createContact } from '../../functions/domain/contacts/create-contact.ts';
import { db } from '../../functions/lib/db.ts';
import { readXlsx } from '../helpers/sheetjs.ts';

// "Kontakt austauschen" (issue 28): the visitor's POST, the back office's list, export and delete,
// the expiry, and the card holder's e-mail read back by an independent parser (mailparser).

const s = useTestServer();
let t: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;

async function newCard(tenant = t, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await s.call('personCreate', { token: tenant.user.token,
    body: { companyProfilId: tenant.profile.id, firstname: 'Jürgen', lastname: 'Weiß', email: [{ type: 'work1', value: 'juergen.weiss@beispiel.de' }, { type: 'work2', value: 'zweite@beispiel.de' }], isActive: true, ...extra } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.id as string;
}

const visitor = { name: 'Zoë Müller-Lüdenscheidt', email: 'zoe@example.org', phone: '+49 221 987654', company: 'Größenwahn & Söhne KG', message: 'Grüße vom Messestand!\nBitte melden Sie sich. 😀', consent: true as const };

async function list(query: { companyId: string; personId?: string }, token = t.user.token) {
  return s.call('contactList', { query, token });
}

async function mails(): Promise<string[]> {
  return (await readdir(s.mailDir)).filter((f) => f.endsWith('.eml')).sort();
}

/** Every item of the test's table as stored (the server runs in this process: the same client). */
async function storedItems(): Promise<Record<string, unknown>[]> {
  const out = await db().send(new ScanCommand({ TableName: s.tableName }));
  return out.Items ?? [];
}

beforeAll(async () => {
  t = await createTenant(s, 'Kontakt GmbH');
  other = await createTenant(s);
});

describe('POST /api/card/{id}/contact', () => {
  test('a visitor leaves a contact: listed for the company and the card, stored with nothing else about the visitor', async () => {
    const card = await newCard();
    const res = await s.call('contactCreate', { params: { id: card }, body: visitor, headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Besucher-Browser', cookie: 'a=b' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ ok: true });

    const byCard = await list({ companyId: t.company.id, personId: card });
    expect(byCard.status).toBe(200);
    expect(byCard.body.items).toHaveLength(1);
    const c = byCard.body.items[0]!;
    expect(c).toMatchObject({ personId: card, companyId: t.company.id, cardName: 'Jürgen Weiß', name: visitor.name, email: visitor.email, phone: visitor.phone, company: visitor.company, message: visitor.message });
    // Kept 12 months by default.
    const months = (new Date(c.expiresAt).getTime() - new Date(c.createdAt).getTime()) / (30.44 * 86400_000);
    expect(months).toBeGreaterThan(11.8);
    expect(months).toBeLessThan(12.2);
    const byCompany = await list({ companyId: t.company.id });
    expect(byCompany.body.items.map((i: { id: string }) => i.id)).toContain(c.id);

    const raw = (await storedItems()).find((i) => i.id === c.id)!;
    expect(Object.keys(raw).sort()).toEqual(['cardName', 'company', 'companyId', 'createdAt', 'email', 'expiresAt', 'gsi1pk', 'gsi1sk', 'gsi2pk', 'gsi2sk', 'id', 'message', 'name', 'personId', 'phone', 'pk', 'sk', 'type'].sort());
    expect(JSON.stringify(raw)).not.toMatch(/127\.0\.0\.1|Besucher-Browser|a=b/);
    // TTL attribute in epoch seconds.
    expect(typeof raw.expiresAt).toBe('number');
  });

  test('the card holder gets a German e-mail at the card\'s first address: RFC 5322 headers, encoded subject, UTF-8 body (read by mailparser)', async () => {
    const card = await newCard();
    const before = await mails();
    expect((await s.call('contactCreate', { params: { id: card }, body: visitor })).status).toBe(200);
    const added = (await mails()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const raw = await readFile(join(s.mailDir, added[0]!));
    const text = raw.toString('latin1');
    // RFC 5322: US-ASCII only, CRLF line ends, no line over 998 characters (ours stay within 78), a blank line before the body.
    expect(/^[\x00-\x7f]*$/.test(text)).toBe(true);
    expect(text.split('\r\n').every((l) => l.length <= 78)).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const [head] = text.split('\r\n\r\n');
    const header = (name: string) => new RegExp(`^${name}: `, 'mi').test(head!);
    for (const name of ['From', 'To', 'Reply-To', 'Subject', 'Date', 'Message-ID', 'MIME-Version', 'Content-Type', 'Content-Transfer-Encoding']) expect(header(name), name).toBe(true);
    expect(head).toMatch(/^Subject: =\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=/m);
    expect(head).toMatch(/^Date: (Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} [+-]\d{4}$/m);
    expect(head).toMatch(/^Content-Type: text\/plain; charset=UTF-8$/m);
    expect(head).toMatch(/^Message-ID: <[^<>@\s]+@[^<>@\s]+>$/m);

    const mail = await simpleParser(raw);
    expect(mail.subject).toBe(`Neuer Kontakt über Ihre digitale Visitenkarte: ${visitor.name}`);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value : []).toEqual([{ address: 'juergen.weiss@beispiel.de', name: 'Jürgen Weiß' }]);
    expect(mail.replyTo?.value).toEqual([{ address: visitor.email, name: visitor.name }]);
    expect(mail.from?.value[0]?.address).toMatch(/@/);
    expect(mail.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(mail.text).toContain('Hallo Jürgen Weiß,');
    expect(mail.text).toContain(`Name: ${visitor.name}`);
    expect(mail.text).toContain(`Unternehmen: ${visitor.company}`);
    expect(mail.text).toContain('Grüße vom Messestand!\nBitte melden Sie sich. 😀');
    expect(mail.text).toContain(`${s.baseUrl}/v2/card/kontakte?karte=${card}`);
    expect(mail.text).toContain('nach 12 Monaten automatisch gelöscht');
  });

  test('a card without an e-mail address gets no mail; the contact is in the back office', async () => {
    const card = await newCard(t, { email: [] });
    const before = await mails();
    expect((await s.call('contactCreate', { params: { id: card }, body: { name: 'Ohne Mail', phone: '0221 1', consent: true } })).status).toBe(200);
    expect(await mails()).toEqual(before);
    expect((await list({ companyId: t.company.id, personId: card })).body.items).toHaveLength(1);
  });

  test('a filled honeypot answers like a contact and keeps and sends nothing', async () => {
    const card = await newCard();
    const before = await mails();
    const res = await s.call('contactCreate', { params: { id: card }, body: { ...visitor, homepage: 'http://spam.example' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect(await mails()).toEqual(before);
    expect((await list({ companyId: t.company.id, personId: card })).body.items).toEqual([]);
  });

  test('bad input: German 4xx, nothing stored, no mail', async () => {
    const card = await newCard();
    const before = await mails();
    const cases: [unknown, number, string | undefined][] = [
      [{ ...visitor, consent: false }, 400, 'consent'],
      [{ name: 'Nur Name', consent: true }, 400, 'email'],
      [{ ...visitor, email: 'keine-adresse' }, 400, 'email'],
      [{ ...visitor, phone: 'ruf mich an' }, 400, 'phone'],
      [{ ...visitor, message: 'x'.repeat(2001) }, 400, 'message'],
      [{ ...visitor, name: 'Zeile\nzwei' }, 400, 'name'],
      [{ ...visitor, message: 'y'.repeat(70_000) }, 413, undefined],
    ];
    for (const [body, status, field] of cases) {
      // Raw: bodies the contract refuses.
      const res = await s.api('POST', `/api/card/${card}/contact`, { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toMatch(/[äöüÄÖÜß]|Formular|Anfrage/);
      if (field) expect(res.body.fieldErrors?.[field], field).toBeTruthy();
    }
    expect((await s.call('contactCreate', { params: { id: card }, body: visitor, headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect(await mails()).toEqual(before);
    expect((await list({ companyId: t.company.id, personId: card })).body.items).toEqual([]);
  });

  test('inactive and unknown cards answer 404 like the public card', async () => {
    const inactive = await newCard(t, { isActive: false });
    for (const id of [inactive, 'gibt-es-nicht']) {
      const res = await s.call('contactCreate', { params: { id }, body: visitor });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Karte nicht gefunden');
    }
  });

  test('a legacy card offers no contact exchange (its public answer says so) and refuses a POST; a V2 card offers it', async () => {
    const admin = await s.adminToken();
    const company = await s.call('vcardCompanyCreate', { token: admin, body: { org: 'Altfirma Kontakt', plz: '12345', ort: 'Altstadt' } });
    expect(company.status, JSON.stringify(company.body)).toBe(200);
    const person = await s.call('vcardPersonCreate', { token: admin, body: { companyId: company.body.id, firstname: 'Alma', lastname: 'Alt' } });
    expect(person.status, JSON.stringify(person.body)).toBe(200);
    const legacy = await s.call('cardGet', { params: { id: person.body.id } });
    expect(legacy.status).toBe(200);
    expect(legacy.body.contactExchange).toBe(false);
    expect((await s.call('contactCreate', { params: { id: person.body.id }, body: visitor })).status).toBe(404);
    expect((await s.call('cardGet', { params: { id: await newCard() } })).body.contactExchange).toBe(true);
  });
});

describe('Kontakte in the back office', () => {
  test('another company\'s user sees, exports and deletes none of them (404)', async () => {
    const card = await newCard();
    await s.call('contactCreate', { params: { id: card }, body: visitor });
    const id = (await list({ companyId: t.company.id, personId: card })).body.items[0]!.id;
    expect((await list({ companyId: t.company.id }, other.user.token)).status).toBe(404);
    expect((await list({ companyId: other.company.id, personId: card }, other.user.token)).body.items).toEqual([]);
    expect((await s.call('contactExport', { query: { companyId: t.company.id }, token: other.user.token })).status).toBe(404);
    expect((await s.call('contactDelete', { params: { id }, token: other.user.token })).status).toBe(404);
    expect((await list({ companyId: t.company.id, personId: card })).body.items).toHaveLength(1);
  });

  test('delete removes it', async () => {
    const card = await newCard();
    await s.call('contactCreate', { params: { id: card }, body: visitor });
    const id = (await list({ companyId: t.company.id, personId: card })).body.items[0]!.id;
    const del = await s.call('contactDelete', { params: { id }, token: t.user.token });
    expect(del.status).toBe(200);
    expect(del.body.id).toBe(id);
    expect((await list({ companyId: t.company.id, personId: card })).body.items).toEqual([]);
    expect((await s.call('contactDelete', { params: { id }, token: t.user.token })).status).toBe(404);
  });

  test('CSV and XLSX export: German headers, one row per contact, newest first, formula-safe; XLSX read by SheetJS', async () => {
    const tenant = await createTenant(s);
    const card = await newCard(tenant);
    await s.call('contactCreate', { params: { id: card }, body: { ...visitor, name: 'Erste' } });
    await s.call('contactCreate', { params: { id: card }, body: { ...visitor, name: '=Zweite', company: '+49 Firma' } });
    const res = await fetch(`${s.baseUrl}/api/card/company/contact/export?companyId=${tenant.company.id}`, { headers: { authorization: `Bearer ${tenant.user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="kontakte-.*\.csv"/);
    const text = Buffer.from(await res.arrayBuffer()).toString('utf8');
    const lines = text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Erhalten am";"Name";"E-Mail";"Telefon";"Unternehmen";"Nachricht";"Visitenkarte";"Gelöscht am"');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"\'=Zweite"');
    // Phone numbers stay text in Excel: the ="..." literal of the CSV writer, its quotes doubled.
    expect(lines[1]).toContain('"=""+49 221 987654"""');
    expect(lines[2]).toContain('"Erste"');
    const xlsx = await fetch(`${s.baseUrl}/api/card/company/contact/export?companyId=${tenant.company.id}&personId=${card}&format=xlsx`, { headers: { authorization: `Bearer ${tenant.user.token}` } });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/filename="kontakte-.*\.xlsx"/);
    const sheet = readXlsx(new Uint8Array(await xlsx.arrayBuffer()));
    expect(sheet.header).toEqual(['Erhalten am', 'Name', 'E-Mail', 'Telefon', 'Unternehmen', 'Nachricht', 'Visitenkarte', 'Gelöscht am']);
    expect(sheet.rows).toBe(2);
    expect(sheet.cell(0, 'Name')?.v).toBe('=Zweite');
    expect(sheet.cell(0, 'Name')?.f).toBeUndefined();
    expect(sheet.cell(0, 'Telefon')).toMatchObject({ t: 's', v: '+49 221 987654' });
    expect(sheet.cell(1, 'Nachricht')?.v).toBe(visitor.message);
    expect(sheet.cell(1, 'Erhalten am')).toMatchObject({ t: 'n', z: 'dd.mm.yyyy hh:mm' });
  });

  test('expiry: contacts past the company\'s retention are gone; a changed retention moves the expiry of those kept', async () => {
    const tenant = await createTenant(s);
    const card = await newCard(tenant);
    const input = { name: 'Alt', phone: '030 1', consent: true as const, email: undefined, company: undefined, message: undefined, homepage: undefined };
    // 13 months ago (default 12): expired, TTL has not removed it yet.
    await createContact({ personId: card, input, now: new Date(Date.now() - 400 * 86400_000) });
    // 3 months ago: kept.
    await createContact({ personId: card, input: { ...input, name: 'Neu' }, now: new Date(Date.now() - 92 * 86400_000) });
    const names = async () => (await list({ companyId: tenant.company.id }, tenant.user.token)).body.items.map((i: { name: string }) => i.name);
    expect(await names()).toEqual(['Neu']);
    // Six months: the three-month-old one stays, with its expiry moved.
    let res = await s.call('companyUpdate', { params: { id: tenant.company.id }, token: tenant.user.token, body: { contactRetentionMonths: 6 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.contactRetentionMonths).toBe(6);
    const kept = (await list({ companyId: tenant.company.id }, tenant.user.token)).body.items[0]!;
    const months = (new Date(kept.expiresAt).getTime() - new Date(kept.createdAt).getTime()) / (30.44 * 86400_000);
    expect(Math.round(months)).toBe(6);
    // Two months: it goes now.
    res = await s.call('companyUpdate', { params: { id: tenant.company.id }, token: tenant.user.token, body: { contactRetentionMonths: 2 } });
    expect(res.status).toBe(200);
    expect(await names()).toEqual([]);
    expect((await storedItems()).filter((i) => i.type === 'contact' && i.companyId === tenant.company.id)).toEqual([]);
    expect((await s.call('companyUpdate', { params: { id: tenant.company.id }, token: tenant.user.token, body: { contactRetentionMonths: 0 } })).status).toBe(400);
  });

  test('the company delete removes its contacts', async () => {
    const tenant = await createTenant(s);
    const card = await newCard(tenant);
    await s.call('contactCreate', { params: { id: card }, body: visitor });
    expect((await s.call('companyDelete', { params: { id: tenant.company.id }, token: await s.adminToken() })).status).toBe(200);
    expect((await storedItems()).filter((i) => i.type === 'contact' && i.companyId === tenant.company.id)).toEqual([]);
  });
});
