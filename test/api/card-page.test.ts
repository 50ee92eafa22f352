import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cdnCached } from '../../functions/lib/http.ts';
import { CARD_DATA_ELEMENT_ID } from '../../shared/card/page-data.ts';
import { contentSecurityPolicy } from '../../shared/security-headers.ts';
import { useTestServer } from '../helpers/server.ts';
import { makeJpeg } from '../helpers/images.ts';
import { createTenant } from './cards.helpers.ts';
import type { CardTenant } from './cards.helpers.ts';

// `GET /c/{id}` (issue 20): the public page arrives with exactly the JSON `GET /api/card/{id}`
// answers and the photo's preload, cached like it; every path under /c/ without an active card
// gets one and the same 404 page (the built card.html, which then shows the not-found page).

const s = useTestServer();
const BROWSER = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';
const builtPage = readFileSync(resolve(import.meta.dirname, '../../dist/web/card.html'), 'utf8');

const page = (path: string, headers: Record<string, string> = {}) => fetch(`${s.baseUrl}${path}`, { headers: { 'user-agent': BROWSER, ...headers } });

function embedded(html: string): unknown {
  const m = new RegExp(`<script type="application/json" id="${CARD_DATA_ELEMENT_ID}">([^<]*)</script>`).exec(html);
  return m ? JSON.parse(m[1]!) : undefined;
}

describe('GET /c/{id}', () => {
  let t: CardTenant;
  beforeAll(async () => {
    t = await createTenant(s);
  });

  it('carries exactly the card JSON of GET /api/card/{id}, the photo preload, title and description, under the CSP', async () => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(makeJpeg(64, 48))], { type: 'image/jpeg' }), 'foto.jpg');
    const upload = await fetch(`${s.baseUrl}/api/upload/${t.company.id}`, { method: 'POST', headers: { authorization: `Bearer ${t.user.token}` }, body: form });
    const photo = ((await upload.json()) as { filename: string }).filename;
    const stem = photo.slice(0, photo.indexOf('.'));
    const card = await t.createCard({ position: 'Geschäftsführer', image: photo });
    const res = await page(`/c/${card.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(contentSecurityPolicy);
    const html = await res.text();
    const api = await s.api('GET', `/api/card/${card.id}`);
    expect(embedded(html)).toEqual(api.body);
    // The page's own script and modulepreloads come from the same build the static card.html has.
    for (const tag of builtPage.match(/<script type="module"[^>]*><\/script>/g)!) expect(html).toContain(tag);
    expect(html).toContain(`<link rel="preload" as="image" type="image/avif" imagesrcset="/api/upload/image/${stem}.w160.avif 160w, `);
    expect(html).toMatch(/ 1024w" imagesizes="\(max-width: 440px\) 100vw, 400px" fetchpriority="high">/);
    expect(html).toContain('<title>');
    expect(html).toContain('Jürgen Weiß</title>');
    expect(html).toMatch(/<meta name="description" content="Digitale Visitenkarte von Jürgen Weiß, Geschäftsführer/);
    // No inline script that executes: the only script element without src holds JSON.
    expect([...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>/g)].map((m) => m[0])).toEqual([`<script type="application/json" id="${CARD_DATA_ELEMENT_ID}">`]);
  });

  it('is cached like the card JSON: same cache-control, an ETag, 304 for a matching If-None-Match; HEAD without a body', async () => {
    const card = await t.createCard();
    const res = await page(`/c/${card.id}`);
    expect(res.headers.get('cache-control')).toBe(cdnCached.cacheControl);
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^".+"$/);
    const again = await page(`/c/${card.id}`, { 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(`${s.baseUrl}/c/${card.id}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('answers an unknown, an inactive and a malformed id, /c/ and deeper paths with the same 404 page, never cached', async () => {
    const inactive = await t.createCard({ isActive: false });
    const answers = await Promise.all([`/c/${crypto.randomUUID()}`, `/c/${inactive.id}`, `/c/${'x'.repeat(65)}`, '/c/%E0%A4%A', '/c/', `/c/${inactive.id}/vcard`].map(async (path) => {
      const res = await page(path);
      return { path, status: res.status, cache: res.headers.get('cache-control'), type: res.headers.get('content-type'), body: await res.text() };
    }));
    for (const a of answers) {
      expect(a.status, a.path).toBe(404);
      expect(a.cache, a.path).toBe('no-store');
      expect(a.type, a.path).toBe('text/html; charset=utf-8');
      expect(a.body, a.path).toBe(answers[0]!.body);
    }
    expect(answers[0]!.body).not.toContain(CARD_DATA_ELEMENT_ID);
    expect(answers[0]!.body).not.toContain('<!--card-data-->');
    expect(answers[0]!.body).toBe(builtPage.replace('<!--card-data-->', ''));
  });

  it('takes /c/{id}/ as /c/{id}', async () => {
    const card = await t.createCard();
    const res = await page(`/c/${card.id}/`);
    expect(res.status).toBe(200);
    expect((embedded(await res.text()) as { id: string }).id).toBe(card.id);
  });

  it('counts one view per page answered (CDN log), none for a 404 or a HEAD', async () => {
    const card = await t.createCard();
    await s.flushViews();
    await page(`/c/${card.id}`);
    await page(`/c/${card.id}`);
    await fetch(`${s.baseUrl}/c/${card.id}`, { method: 'HEAD' });
    await page(`/c/${crypto.randomUUID()}`);
    expect((await s.flushViews()).counted).toBe(2);
  });
});
