import { beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { Resvg } from '@resvg/resvg-js';
import jsQR from 'jsqr';
import { useTestServer } from '../helpers/server.ts';
import { uploadImage } from '../helpers/card-fixtures.ts';
import { createTenant, createTenantUser } from './cards.helpers.ts';
import type { CardTenant } from './cards.helpers.ts';

// 'Kontakt speichern' (vCard 3.0, parsed with ical.js) and the card overview's QR code
// (rendered with resvg, decoded with jsQR).

const s = useTestServer();

async function getVcard(id: string, headers: Record<string, string> = {}) {
  const res = await s.call('cardVcard', { params: { id }, headers });
  return { res, bytes: res.bytes, text: res.bytes.toString('utf8') };
}

function parseVcard(text: string) {
  return new ICAL.Component(ICAL.parse(text) as unknown[]);
}

describe('GET /api/card/{id}/vcard', () => {
  let t: CardTenant;
  beforeAll(async () => {
    t = await createTenant(s, { profile: { firmenname: 'Weiß; Söhne, Größe\\Maß' } });
  });

  it('is a vCard 3.0 with the card’s fields, umlauts and ß intact, parsed by a real parser', async () => {
    const card = await t.createCard({
      nice: 'Dr.',
      position: 'Geschäftsführerin für Straßenbau',
      url: 'https://beispiel.de/team',
      email: [{ type: 'work1', value: 'juergen@beispiel.de' }, { type: 'work2', value: 'info@beispiel.de' }],
    });
    const { res, text, bytes } = await getVcard(card.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Juergen-Weiss.vcf"; filename*=UTF-8''J%C3%BCrgen-Wei%C3%9F.vcf`,
    );
    expect(bytes.length).toBeLessThan(150 * 1024);
    expect(text.startsWith('BEGIN:VCARD\r\nVERSION:3.0\r\n')).toBe(true);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);

    const v = parseVcard(text);
    expect(v.getFirstPropertyValue('version')).toBe('3.0');
    expect(v.getFirstPropertyValue('fn')).toBe('Dr. Jürgen Weiß');
    expect(v.getFirstProperty('n')!.getValues()[0]).toEqual(['Weiß', 'Jürgen', '', 'Dr.', '']);
    // The display name with ; , and \ survives the escaping.
    expect(v.getFirstPropertyValue('org')).toBe('Weiß; Söhne, Größe\\Maß');
    expect(v.getFirstPropertyValue('title')).toBe('Geschäftsführerin für Straßenbau');
    const tels = v.getAllProperties('tel').map((p) => [p.getParameter('type'), p.getFirstValue()]);
    expect(tels).toEqual([[['WORK', 'VOICE'], '+49 30 1234567'], [['CELL', 'VOICE'], '0171 2345678']]);
    const mails = v.getAllProperties('email');
    expect(mails.map((p) => p.getFirstValue())).toEqual(['juergen@beispiel.de', 'info@beispiel.de']);
    expect(mails[0]!.getParameter('type')).toEqual(['INTERNET', 'WORK', 'PREF']);
    expect(v.getFirstProperty('adr')!.getValues()[0]).toEqual(['', '', 'Hauptstraße 1', 'Berlin', '', '10115', 'Deutschland']);
    const urls = v.getAllProperties('url').map((p) => p.getFirstValue());
    expect(urls).toEqual(['https://beispiel.de/team', 'https://www.xing.com/profile/jw']);
    // Each social link once (issue 23; before: X-SOCIALPROFILE and URL), labelled by its network in its group.
    expect(text.match(/xing\.com/g)).toHaveLength(1);
    expect(v.getFirstProperty('x-socialprofile')).toBeNull();
    const xing = v.getAllProperties('url').find((p) => p.getFirstValue() === 'https://www.xing.com/profile/jw')!;
    const label = v.getAllProperties('x-ablabel').find((p) => p.getParameter('group') === xing.getParameter('group'));
    expect(xing.getParameter('group')).toBe('item1');
    expect(label?.getFirstValue()).toBe('Xing');
    expect(v.getFirstPropertyValue('source')).toBe(`${s.baseUrl}/c/${card.id}`);
    expect(v.getFirstProperty('photo')).toBeNull();
  });

  it('folds long lines at 75 octets without splitting a character', async () => {
    const position = 'Ä'.repeat(30) + 'ß'.repeat(30) + ' Öffentlichkeitsarbeit und Überörtliche Angelegenheiten';
    const card = await t.createCard({ position });
    const { text } = await getVcard(card.id);
    const lines = text.split('\r\n');
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // No replacement characters: every physical line is valid UTF-8 on its own.
    for (const line of lines) expect(Buffer.from(Buffer.from(line, 'utf8').toString('utf8'), 'utf8').equals(Buffer.from(line, 'utf8'))).toBe(true);
    expect(text).not.toContain('\uFFFD');
    expect(parseVcard(text).getFirstPropertyValue('title')).toBe(position);
  });

  it('carries the card image as a small base64 JPEG (the upload’s vcard variant)', async () => {
    const image = await uploadImage(s, t.user.token, t.company.id);
    const card = await t.createCard({ image });
    const { res, text, bytes } = await getVcard(card.id);
    expect(res.status).toBe(200);
    expect(bytes.length).toBeLessThan(150 * 1024);
    const photo = parseVcard(text).getFirstProperty('photo')!;
    expect(photo.getParameter('encoding')).toBe('b');
    expect(photo.getParameter('type')).toBe('JPEG');
    const jpeg = Buffer.from(String(photo.getFirstValue()), 'base64');
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const stored = await s.call('uploadGet', { params: { field: 'image', filename: image.replace(/\.\w+$/, '.vcard.jpg') } });
    expect(stored.status).toBe(200);
    expect(stored.bytes.equals(jpeg)).toBe(true);
  });

  it('is cached like the card JSON: CDN headers, ETag and 304', async () => {
    const card = await t.createCard();
    const { res } = await getVcard(card.id);
    expect(res.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=31536000');
    const etag = res.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await getVcard(card.id, { 'if-none-match': etag });
    expect(again.res.status).toBe(304);
    expect(again.bytes.length).toBe(0);
  });

  it('names a card without name characters safely in the ASCII fallback', async () => {
    const card = await t.createCard({ firstname: 'Zoë "X"', lastname: 'Ñandú/Œ' });
    const { res } = await getVcard(card.id);
    const disposition = res.headers.get('content-disposition')!;
    const ascii = /filename="([^"]*)"/.exec(disposition)![1]!;
    expect(ascii).toMatch(/^[A-Za-z0-9._-]+\.vcf$/);
    const utf8 = decodeURIComponent(/filename\*=UTF-8''(.*)$/.exec(disposition)![1]!);
    // Quotes and slashes cannot be part of a file name; they are left out.
    expect(utf8).toBe('Zoë-X-ÑandúŒ.vcf');
    expect(ascii).toBe('Zoe-X-Nandu.vcf');
  });
});

describe('GET /api/card/company/person/{id}/qr', () => {
  let t: CardTenant;
  beforeAll(async () => {
    t = await createTenant(s);
  });

  it('is an SVG of the card’s public URL that decodes back to exactly that URL', async () => {
    const card = await t.createCard();
    const res = await s.call('cardQr', { params: { id: card.id }, token: t.user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="QR-Code-Juergen-Weiss.svg"; filename*=UTF-8''QR-Code-J%C3%BCrgen-Wei%C3%9F.svg`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const svg = res.bytes.toString('utf8');
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const png = new Resvg(svg, { fitTo: { mode: 'width', value: 400 }, background: '#ffffff' }).render();
    const decoded = jsQR(new Uint8ClampedArray(png.pixels), png.width, png.height);
    expect(decoded?.data).toBe(`${s.baseUrl}/c/${card.id}`);
  });

  it('is refused for another company’s user (404) and without sign-in (401); an admin gets it', async () => {
    const card = await t.createCard();
    const foreign = await createTenantUser(s);
    const qr = async (token?: string) => (await s.call('cardQr', { params: { id: card.id }, token })).status;
    expect(await qr(foreign.token)).toBe(404);
    expect(await qr()).toBe(401);
    expect(await qr(await s.adminToken())).toBe(200);
  });
});
