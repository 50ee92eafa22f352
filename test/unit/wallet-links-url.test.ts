import { beforeAll, describe, expect, test } from 'vitest';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

// The function URL of the signed wallet links has no route table: it matches the path itself.
// A wrong signature is refused before anything is read, so no table is needed here.
beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'unbenutzt', UPLOADS_DIR: '/tmp', AUTH_SECRET: 'a'.repeat(40), WALLET_LINK_SECRET: 'b'.repeat(40) });
});

const event = (method: string, rawPath: string): APIGatewayProxyEventV2 => ({
  version: '2.0', routeKey: '$default', rawPath, rawQueryString: '', headers: {}, isBase64Encoded: false,
  requestContext: { http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.1', userAgent: 'test' }, requestId: 'r1' } as APIGatewayProxyEventV2['requestContext'],
});

describe('wallet links function URL', () => {
  test('both link kinds reach their handler with id and signature; anything else is a 404', async () => {
    const { handler } = await import('../../functions/url/wallet-links.ts');
    const call = async (method: string, path: string) => {
      const res = await handler(event(method, path), {} as Context);
      return { status: res.statusCode, location: (res.headers as Record<string, string> | undefined)?.location, body: JSON.parse(String(res.body || '{}')) as { message?: string } };
    };
    for (const kind of ['pkpass', 'googlecard']) {
      // A wrong signature: the visitor is sent on to the QR page of the same link, which explains it (issue 23).
      for (const method of ['GET', 'HEAD']) {
        const r = await call(method, `/api/wallet/${kind}/karte-1/falsch`);
        expect(r.status, `${method} ${kind}`).toBe(303);
        expect(r.location).toBe('/qr/karte-1/falsch');
      }
    }
    expect((await call('GET', '/api/wallet/pkpass/karte-1')).status).toBe(404);
    expect((await call('GET', '/api/card/karte-1')).status).toBe(404);
    expect((await call('POST', '/api/wallet/pkpass/karte-1/falsch')).status).toBe(404);
  });
});
