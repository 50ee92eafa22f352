import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { httpJson } from '../../functions/lib/http-json.ts';

// functions/lib/http-json.ts keeps connections to Google's API. A Lambda container frozen between
// requests does not notice that the server closed one: the next request on it is reset before the
// server read it, and must go out once more on a new connection.

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => { if (server) server.close(() => done()); else done(); }));

async function serve(handler: (req: IncomingMessage, res: ServerResponse, n: number) => void): Promise<string> {
  let n = 0;
  server = createServer((req, res) => { req.resume(); req.on('end', () => handler(req, res, ++n)); });
  await new Promise<void>((ok) => server!.listen(0, '127.0.0.1', ok));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/x`;
}

describe('httpJson', () => {
  test('a kept connection the server dropped is retried once on a new one', async () => {
    const sockets = new Set<unknown>();
    const url = await serve((req, res, n) => {
      sockets.add(req.socket);
      // The second request arrives on the kept connection: drop it unanswered, as a closed one would.
      if (n === 2) { req.socket.resetAndDestroy(); return; }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ n }));
    });
    expect(await httpJson(url, { method: 'POST', body: '{}', keepAlive: true })).toEqual({ status: 200, json: { n: 1 } });
    expect(await httpJson(url, { method: 'POST', body: '{}', keepAlive: true })).toEqual({ status: 200, json: { n: 3 } });
    expect(sockets.size).toBe(2);
  });

  test('a reset on a new connection is an error, not retried', async () => {
    let calls = 0;
    const url = await serve((req) => { calls++; req.socket.resetAndDestroy(); });
    await expect(httpJson(url, { method: 'POST', body: '{}' })).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(calls).toBe(1);
  });
});
