import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage, openSignedIn, signInAs } from '../helpers/browser.ts';
import { createTenant } from '../helpers/card-fixtures.ts';

// Issue 28 as people use it: a visitor on a phone leaves their contact on a card and the card
// holder finds it in the back office and in a mail; taps on the card's links show in the
// statistics; the signature and the virtual background are downloadable from the card form.

let s: TestServer;
let t: Awaited<ReturnType<typeof createTenant>>;
let card: string;
beforeAll(async () => {
  s = await startTestServer();
  t = await createTenant(s, 'Kontaktfreude GmbH');
  await s.call('profileUpdate', { params: { id: t.profile.id }, token: t.user.token,
    body: { companyId: t.company.id, profilname: 'Haupt', datenschutz: 'https://example.org/datenschutz', adressen: [] } });
  const res = await s.call('personCreate', { token: t.user.token,
    body: {
      companyProfilId: t.profile.id, firstname: 'Jürgen', lastname: 'Weiß', position: 'Vertrieb', isActive: true,
      tel: [{ type: 'work', value: '+49 30 1234567' }], email: [{ type: 'work1', value: 'juergen@example.org' }],
      social: [{ type: 'linkedin', link: 'https://www.linkedin.com/in/jw' }],
    } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  card = res.body.id;
});
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('Kontakt austauschen', () => {
  test('a visitor on a phone (390x844) sends their contact; the holder finds it in "Kontakte" and in a mail', { timeout: 90_000 }, async () => {
    const phone = await openPage({ width: 390, height: 844 });
    const requests: string[] = [];
    phone.page.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await phone.page.goto(`${s.baseUrl}/c/${card}`);
    const open = phone.page.getByRole('button', { name: 'Kontakt austauschen' });
    await open.waitFor();
    // The form's code is not part of the first visit.
    expect(requests.filter((p) => p.includes('contact-form'))).toEqual([]);
    const formLoaded = phone.page.waitForRequest((r) => r.url().includes('contact-form'));
    await open.click();
    await formLoaded;
    const form = phone.page.getByRole('form', { name: 'Kontakt austauschen' });
    await form.waitFor();
    // Missing consent and contact: German messages, nothing sent.
    await form.getByLabel('Name *').fill('Zoë Müller');
    await form.getByRole('button', { name: 'Senden' }).click();
    await form.getByText('Bitte geben Sie eine E-Mail-Adresse oder eine Telefonnummer an').waitFor();
    await form.getByText('Bitte stimmen Sie der Übermittlung Ihrer Angaben zu').waitFor();
    expect(requests.filter((p) => p.endsWith('/contact'))).toEqual([]);
    await form.getByLabel('E-Mail').fill('zoe@example.org');
    await form.getByLabel('Telefon').fill('+49 221 98765');
    await form.getByLabel('Unternehmen').fill('Größenwahn KG');
    await form.getByLabel('Nachricht').fill('Schön, Sie auf der Messe getroffen zu haben!');
    // The consent links the company's Datenschutz.
    expect(await form.getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe('https://example.org/datenschutz');
    await form.getByRole('checkbox').check();
    const sent = phone.page.waitForResponse((r) => r.url().endsWith(`/api/card/${card}/contact`));
    await form.getByRole('button', { name: 'Senden' }).click();
    expect((await sent).status()).toBe(200);
    await phone.page.getByText('Vielen Dank! Ihre Kontaktdaten wurden an Jürgen Weiß übermittelt.').waitFor();
    await phone.close();

    // The mail in DATA_DIR/mail, read by mailparser.
    const files = (await readdir(s.mailDir)).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await readFile(join(s.mailDir, files[0]!)));
    expect(mail.subject).toBe('Neuer Kontakt über Ihre digitale Visitenkarte: Zoë Müller');
    expect(mail.text).toContain('Schön, Sie auf der Messe getroffen zu haben!');

    // The holder in the back office.
    const { page } = await openPage();
    await signInAs(page, s.baseUrl, t.user);
    // Per card: the card list's row menu leads to that card's contacts.
    await page.getByRole('navigation').getByRole('link', { name: 'Visitenkarten' }).click();
    await page.getByRole('button', { name: 'Aktionen für Jürgen Weiß' }).click();
    await page.getByRole('menu').getByRole('menuitem', { name: 'Kontakte' }).click();
    await page.waitForURL(`**/v2/card/kontakte?karte=${card}`);
    await expect(page.getByTestId('contact-card-filter').inputValue()).resolves.toBe(card);
    await page.getByRole('navigation').getByRole('link', { name: 'Kontakte' }).click();
    await page.waitForURL('**/v2/card/kontakte');
    const row = page.getByRole('row', { name: /Zoë Müller/ });
    await row.waitFor();
    expect(await row.textContent()).toContain('Größenwahn KG');
    expect(await row.getByRole('link', { name: 'zoe@example.org' }).getAttribute('href')).toBe('mailto:zoe@example.org');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Kontakte.*1/);
    // CSV export.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Kontakte als CSV herunterladen' }).click();
    const csv = await readFile(await (await download).path(), 'utf8');
    expect(csv).toContain('"Zoë Müller"');
    // Delete.
    // The row's menu: write, call, only this card's contacts, delete.
    await row.getByRole('button', { name: 'Aktionen für Zoë Müller' }).click();
    const menu = page.getByRole('menu', { name: 'Aktionen für Zoë Müller' });
    await menu.getByRole('menuitem').first().waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['E-Mail schreiben', 'Anrufen', 'Nur Kontakte dieser Visitenkarte', 'Löschen']);
    expect(await menu.getByRole('menuitem', { name: 'Anrufen' }).getAttribute('href')).toBe('tel:+4922198765');
    await menu.getByRole('menuitem', { name: 'Löschen' }).click();
    const dialog = page.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain('den Kontakt „Zoë Müller“ löschen');
    await dialog.getByRole('button', { name: 'Löschen' }).click();
    await page.getByText('Kontakt wurde gelöscht').waitFor();
    await page.getByText(/Noch keine Kontakte/).waitFor();
  });
});

describe('taps', () => {
  test('taps on the public card show in the statistics after the flush', { timeout: 90_000 }, async () => {
    const phone = await openPage({ width: 390, height: 844 });
    const beacons: string[] = [];
    // Answered beacons: the server logs a request once it has answered it (as CloudFront does), and the flush below counts what is logged.
    phone.page.on('requestfinished', (r) => { if (new URL(r.url()).pathname === '/tap.gif') beacons.push(new URL(r.url()).search); });
    await phone.page.goto(`${s.baseUrl}/c/${card}`);
    const rendered = phone.page.locator('a[data-tap="web"], a[data-tap="call"]').first();
    await rendered.waitFor();
    const download = phone.page.waitForEvent('download');
    await phone.page.locator('a[data-tap="vcard"]').click();
    await download;
    // Links that leave the page go nowhere here (a page's own listener, after the beacon's capture
    // listener, cancels them): an aborted tel: navigation or a popup made Chromium drop the next
    // click now and then. The click is what counts.
    await phone.page.evaluate(() => window.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href^="tel:"], a[target="_blank"]')) e.preventDefault();
    }));
    await phone.page.locator('a[data-tap="call"]').first().click();
    await phone.page.locator('a[data-tap="social-linkedin"]').click();
    await expect.poll(() => beacons.length).toBe(3);
    expect(beacons.sort()).toEqual([`?c=${card}&k=call`, `?c=${card}&k=social-linkedin`, `?c=${card}&k=vcard`].sort());
    await phone.close();
    await s.flushViews();

    const { page } = await openPage();
    await signInAs(page, s.baseUrl, t.user);
    await page.getByRole('navigation').getByRole('link', { name: 'Statistik' }).click();
    await page.waitForURL('**/v2/card/statistik');
    await expect.poll(() => page.getByTestId('total-taps').textContent()).toBe('3');
    const row = page.getByTestId('statistik-table').getByRole('row').filter({ hasText: 'Jürgen Weiß' });
    expect(await row.getByTestId('row-taps').textContent()).toBe('3');
    const kinds = await page.getByTestId('company-taps').locator('tbody tr').allTextContents();
    expect(kinds).toEqual(['Anrufen1', 'Kontakt speichern1', 'LinkedIn1']);
    // Per card: the card's own statistics.
    await row.getByRole('link', { name: 'Jürgen Weiß' }).click();
    await page.getByRole('heading', { name: 'Übersicht - Statistik: Jürgen Weiß' }).waitFor();
    expect(await page.getByTestId('person-total-taps').textContent()).toBe('3');
    expect(await page.getByTestId('person-taps').locator('tbody tr').allTextContents()).toEqual(['Anrufen1', 'Kontakt speichern1', 'LinkedIn1']);
    // Per company for admins, beside its views.
    await openSignedIn(page, s.baseUrl, await s.adminToken(), '/v2/admin/statistik');
    const company = page.getByTestId('statistics-table').getByRole('row').filter({ hasText: 'Kontaktfreude GmbH' });
    await expect.poll(() => company.getByTestId('company-taps-total').textContent(), { timeout: 10_000 }).toBe('3 Klicks');
  });
});

describe('signature and background from the card form', () => {
  test('copy and download the signature, download the virtual background', { timeout: 90_000 }, async () => {
    const { page, context } = await openPage();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: s.baseUrl });
    await signInAs(page, s.baseUrl, t.user);
    await page.goto(`${s.baseUrl}/v2/card/visitenkarte/edit/${card}`);
    const extras = page.getByTestId('card-extras');
    await extras.getByTestId('signature-preview').getByText('Jürgen Weiß').waitFor();

    await extras.getByRole('button', { name: 'Als Text kopieren' }).click();
    await page.getByText('Signatur wurde in die Zwischenablage kopiert').first().waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(`${s.baseUrl}/c/${card}`);

    let download = page.waitForEvent('download');
    await extras.getByRole('button', { name: 'Signatur herunterladen (HTML)' }).click();
    let file = await download;
    expect(file.suggestedFilename()).toBe('E-Mail-Signatur-Jürgen-Weiß.html');
    const html = await readFile(await file.path(), 'utf8');
    expect(html).toContain('<table');
    expect(html).not.toMatch(/<style|<script|class=/);

    download = page.waitForEvent('download');
    await extras.getByRole('button', { name: 'Hintergrund herunterladen (PNG)' }).click();
    file = await download;
    expect(file.suggestedFilename()).toBe('Hintergrund-Jürgen-Weiß.png');
    const png = PNG.sync.read(await readFile(await file.path()));
    expect([png.width, png.height]).toEqual([1920, 1080]);
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(`${s.baseUrl}/c/${card}`);
  });
});
