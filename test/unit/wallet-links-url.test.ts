import { beforeAll, describe, expect, test } from 'vitest';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { functionUrlRoutes } from '../../shared/api/routes.ts';
import { dispatchUrl } from '../../functions/lib/dispatch.ts';
import type { HandlerLoader } from '../../functions/lib/dispatch.ts';

// A function URL has no route table: its generated entry (infra/bundle.ts) matches the path against
// its routes. Built here the way that entry builds it. A wrong signature is refused before
// anything is read, so no table is needed.
const root = resolve(import.meta.dirname, '../..');

beforeAll(() => {
  Object.assign(process.env, { TABLE_NAME: 'unbenutzt', UPLOADS_DIR: '/tmp', AUTH_SECRET: 'a'.repeat(40), WALLET_LINK_SECRET: 'b'.repeat(40) });
});

const event = (method: string, rawPath: string): APIGatewayProxyEventV2 => ({
  version: '2.0', routeKey: '$default', rawPath, rawQueryString: '', headers: {}, isBase64Encoded: false,
  requestContext: { http: { method, path: rawPath, protocol: 'HTTP/1.1', sourceIp: '203.0.113.1', userAgent: 'test' }, requestId: 'r1' } as APIGatewayProxyEventV2['requestContext'],
});

describe('wallet links function URL', () => {
  test('both link kinds reach their handler with id and signature; anything else is a 404', async () => {
    const loaded: string[] = [];
    const handler = dispatchUrl(functionUrlRoutes()['wallet-links']!.map((r) => ({
      method: r.method, path: r.path,
      load: (() => { loaded.push(r.name); return import(pathToFileURL(join(root, r.handler)).href); }) as HandlerLoader,
    })));
    const call = async (method: string, path: string) => {
      const res = await handler(event(method, path), {} as Context);
      return { status: res.statusCode, location: (res.headers as Record<string, string> | undefined)?.location, body: JSON.parse(String(res.body || '{}')) as { message?: string } };
    };
    expect((await call('GET', '/api/wallet/pkpass/karte-1')).status).toBe(404);
    expect(loaded, 'nothing is loaded for a path of no route').toEqual([]);
    for (const kind of ['pkpass', 'googlecard']) {
      // A wrong signature: the visitor is sent on to the QR page of the same link, which explains it (issue 23).
      for (const method of ['GET', 'HEAD']) {
        const r = await call(method, `/api/wallet/${kind}/karte-1/falsch`);
        expect(r.status, `${method} ${kind}`).toBe(303);
        expect(r.location).toBe('/qr/karte-1/falsch');
      }
    }
    expect(loaded).toEqual(['walletPkpassPublic', 'walletGooglecardPublic']);
    expect((await call('GET', '/api/card/karte-1')).status).toBe(404);
    expect((await call('POST', '/api/wallet/pkpass/karte-1/falsch')).status).toBe(404);
  });
});
