import { describe, expect, test } from 'vitest';
import { useTestServer } from '../helpers/server.ts';

const s = useTestServer();

describe('GET /api/health', () => {
  test('answers 200 with the version and a reachable table', async () => {
    const res = await s.call('health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version: expect.any(String), table: true });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('an unknown API path is a German 404, a wrong method a 405', async () => {
    // Raw on purpose: a path and a method the contract does not have.
    const res = await s.api('GET', '/api/gibt-es-nicht');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Diese Schnittstelle gibt es nicht.');
    expect((await s.api('DELETE', '/api/health')).status).toBe(405);
  });

  test('serves the SPA for app routes and 404 for missing assets', async () => {
    const page = await fetch(`${s.baseUrl}/v2/admin/user`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<div id="root">');
    expect((await fetch(`${s.baseUrl}/assets/fehlt-ABCDEFGH.js`)).status).toBe(404);
  });

  test.each([
    ['/robots.txt', 'text/plain', 'Disallow: /'],
    ['/favicon.ico', 'image/x-icon', null],
    ['/apple-touch-icon.png', 'image/png', null],
  ])('answers %s (browsers and crawlers ask for it without a link)', async (path, type, text) => {
    const res = await fetch(`${s.baseUrl}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    const body = Buffer.from(await res.arrayBuffer());
    if (text) expect(body.toString('utf8')).toContain(text);
    else expect(body.length).toBeGreaterThan(100);
  });

  test('a malformed percent escape in the path is a 4xx, never a 500', async () => {
    const token = await s.adminToken();
    // Ids consist of [A-Za-z0-9._:-] (issue 16): the undecodable escape is refused as a 400.
    expect((await s.call('userGet', { params: { id: '%E0%A4' }, token })).status).toBe(400);
    expect((await fetch(`${s.baseUrl}/%E0%A4`)).status).toBe(404);
  });

  test('malformed JSON gets a German 400', async () => {
    // Not JSON at all, on purpose (a string `rawBody` is sent as it is).
    const res = await s.call('authLogin', { rawBody: '{kein json' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Die Anfrage enthält kein gültiges JSON.');
  });
});
