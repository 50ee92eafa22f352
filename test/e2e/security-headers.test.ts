import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import type { TestServer } from '../helpers/server.ts';
import { closeBrowser, openPage } from '../helpers/browser.ts';
import { contentSecurityPolicy, securityHeaders } from '../../shared/security-headers.ts';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await closeBrowser(); await s.close(); });

describe('security headers (as CloudFront sends them)', () => {
  // Raw paths on purpose: pages, an API route and an unknown one alike.
  test.each(['/', '/v2/card/visitenkarte', '/api/health', '/api/nope'])('%s carries every header', async (path) => {
    const res = await fetch(s.baseUrl + path);
    for (const [name, value] of Object.entries(securityHeaders)) expect(res.headers.get(name), name).toBe(value);
  });

  test('the CSP forbids inline scripts and framing', () => {
    expect(contentSecurityPolicy).toContain("script-src 'self'");
    expect(contentSecurityPolicy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(contentSecurityPolicy).toContain("frame-ancestors 'none'");
  });

  test('a CSP violation on a page is caught and fails the browser session', async () => {
    const session = await openPage();
    await session.page.goto(`${s.baseUrl}/`);
    await session.page.getByLabel('Benutzername').waitFor();
    expect(session.cspViolations()).toEqual([]);
    // An inline script, as an injected payload would be: the browser must refuse it.
    await session.page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'document.body.dataset.injected = "ja"';
      document.head.appendChild(script);
    });
    await expect.poll(() => session.cspViolations().length).toBeGreaterThan(0);
    expect(session.cspViolations().join('\n')).toContain('script-src');
    expect(await session.page.evaluate(() => document.body.dataset.injected)).toBeUndefined();
    await expect(session.close()).rejects.toThrow('Content-Security-Policy verletzt');
  });
});
