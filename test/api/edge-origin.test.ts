import { afterEach, describe, expect, test, vi } from 'vitest';
import { useTestServer } from '../helpers/server.ts';
import { ORIGIN_SECRET_HEADER } from '../../shared/edge-functions.ts';
import { matchesOriginSecret } from '../../functions/lib/auth/origin.ts';

// As in AWS: CloudFront adds the secret header, the handlers require it. Set before the first
// handler reads its configuration (each test file runs in its own process). Logging is on here:
// the request line is under test.
const SECRET = 'cloudfront-origin-secret-0123456789abcdef';
process.env.ORIGIN_SECRET = SECRET;
process.env.LOG_LEVEL = 'info';

const s = useTestServer();
afterEach(() => { vi.restoreAllMocks(); });

describe('origin protection', () => {
  test('a request without the CloudFront header is refused with 403, before any route logic', async () => {
    const res = await s.call('authLogin', { body: { username: 'admin', password: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBeTypeOf('string');
    expect((await s.call('health')).status).toBe(403);
  });

  test('a wrong or empty header value is refused; the right one passes', async () => {
    expect((await s.call('health', { headers: { [ORIGIN_SECRET_HEADER]: `${SECRET}x` } })).status).toBe(403);
    expect((await s.call('health', { headers: { [ORIGIN_SECRET_HEADER]: '' } })).status).toBe(403);
    expect((await s.call('health', { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(200);
  });

  test('during a rotation the previous value is accepted too, nothing else', () => {
    expect(matchesOriginSecret('alt', ['neu', 'alt'])).toBe(true);
    expect(matchesOriginSecret('neu', ['neu', 'alt'])).toBe(true);
    expect(matchesOriginSecret('anders', ['neu', 'alt'])).toBe(false);
    expect(matchesOriginSecret(undefined, ['neu'])).toBe(false);
    expect(matchesOriginSecret('', [''])).toBe(false);
  });
});

describe('request log', () => {
  test('every request writes one JSON line with request id, route and status (successes too)', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => { lines.push(String(line)); });
    expect((await s.call('health', { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(200);
    expect((await s.call('userList', { headers: { [ORIGIN_SECRET_HEADER]: SECRET } })).status).toBe(401);
    const requests = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.message === 'request');
    expect(requests).toHaveLength(2);
    // The visitor's address (x-viewer-address, set by CloudFront or the local server), since API Gateway's access log only has the edge's.
    expect(requests[0]).toMatchObject({ level: 'info', route: 'health', status: 200, method: 'GET', path: '/api/health', ip: '127.0.0.1' });
    expect(requests[1]).toMatchObject({ route: 'userList', status: 401 });
    expect(requests[1]!.error).toBeTypeOf('string');
    for (const r of requests) expect(r.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
