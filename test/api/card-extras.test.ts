import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { createTenant, uploadImage } from '../helpers/card-fixtures.ts';

// Issue 28: the e-mail signature and the virtual background of a card, through their routes.
// The background is decoded by an independent reader (pngjs) and its QR code by jsQR.

const s = useTestServer();
let t: Awaited<ReturnType<typeof createTenant>>;
let other: Awaited<ReturnType<typeof createTenant>>;
let card: string;

beforeAll(async () => {
  t = await createTenant(s, 'Weiß & Söhne GmbH');
  other = await createTenant(s);
  const logo = await uploadImage(s, t.user.token, t.company.id);
  const profile = await s.call('profileUpdate', { params: { id: t.profile.id }, token: t.user.token,
    body: { companyId: t.company.id, profilname: 'Hauptprofil', firmenname: 'Weiß & Söhne GmbH', logo, adressen: [], settings: { person: { background: '#0b5d3b', color: '#ffffff' } } } });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);
  const res = await s.call('personCreate', { token: t.user.token,
    body: { companyProfilId: t.profile.id, firstname: 'Jürgen', lastname: 'Weiß', position: 'Leiter Vertrieb <Nord>', tel: [{ type: 'work', value: '+49 30 1234' }], email: [{ type: 'work1', value: 'jw@example.org' }] } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  card = res.body.id;
});

describe('GET /api/card/company/person/{id}/signature', () => {
  test('HTML and text with the card\'s links on this server\'s address; values escaped', async () => {
    const res = await s.call('cardSignature', { params: { id: card }, token: t.user.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.fileStem).toBe('E-Mail-Signatur-Jürgen-Weiß');
    expect(res.body.html).toContain(`href="${s.baseUrl}/c/${card}"`);
    expect(res.body.html).toContain(`href="${s.baseUrl}/api/card/${card}/vcard"`);
    expect(res.body.html).toContain('Leiter Vertrieb &lt;Nord&gt;');
    expect(res.body.html).toMatch(new RegExp(`src="${s.baseUrl}/api/upload/logo/[^"]+\\.w320\\.png"`));
    expect(res.body.text).toContain(`${s.baseUrl}/c/${card}`);
    // The logo the signature names exists (the image the mail program will fetch).
    const logo = /src="([^"]+\/api\/upload\/logo\/[^"]+)"/.exec(res.body.html)![1]!;
    const img = await fetch(logo);
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
  });

  test('another company\'s card: 404', async () => {
    expect((await s.call('cardSignature', { params: { id: card }, token: other.user.token })).status).toBe(404);
  });
});

describe('GET /api/card/company/person/{id}/background', () => {
  test('a 1920x1080 PNG in the profile\'s colour whose QR code leads to the card', async () => {
    const res = await fetch(`${s.baseUrl}/api/card/company/person/${card}/background`, { headers: { authorization: `Bearer ${t.user.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toContain("filename*=UTF-8''Hintergrund-J%C3%BCrgen-Wei%C3%9F.png");
    const bytes = Buffer.from(await res.arrayBuffer());
    const png = PNG.sync.read(bytes);
    expect([png.width, png.height]).toEqual([1920, 1080]);
    const at = (x: number, y: number) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
    // The band colour (#0b5d3b) at the top, in the free middle.
    const [r, g, b] = at(960, 5);
    expect(Math.abs(r! - 0x0b) + Math.abs(g! - 0x5d) + Math.abs(b! - 0x3b)).toBeLessThan(12);
    const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
    expect(qr?.data).toBe(`${s.baseUrl}/c/${card}`);
    // Text was drawn on the left (white on the band): many light pixels in the text column.
    let light = 0;
    for (let y = 300; y < 800; y += 2) for (let x = 120; x < 840; x += 2) if (at(x, y).every((v) => v > 200)) light++;
    expect(light).toBeGreaterThan(2000);
  }, 30_000);

  test('another company\'s card: 404; anonymous 401', async () => {
    expect((await fetch(`${s.baseUrl}/api/card/company/person/${card}/background`, { headers: { authorization: `Bearer ${other.user.token}` } })).status).toBe(404);
    expect((await fetch(`${s.baseUrl}/api/card/company/person/${card}/background`)).status).toBe(401);
  });
});
