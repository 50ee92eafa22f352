import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo, Server as NetServer, Socket } from 'node:net';
import { Http1Client } from '../../functions/lib/aws/http1.ts';
import { makeTestChain } from '../helpers/wallet-fakes.ts';

// The AWS calls' HTTP/1.1 client (functions/lib/aws/http1.ts) against node:http's own server: the
// answer forms AWS and DynamoDB Local use, kept-alive connections, and the failures call.ts retries.

const servers: (Server | NetServer)[] = [];
const clients: Http1Client[] = [];

afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => {
    (s as Server).closeAllConnections?.();
    s.close(r);
  })));
});

interface Seen { connections: number; open: number; maxOpen: number; bodies: string[]; headers: IncomingMessage['headers'][] }

async function serve(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void, setup: (s: Server) => void = () => {}): Promise<{ url: URL; seen: Seen }> {
  const seen: Seen = { connections: 0, open: 0, maxOpen: 0, bodies: [], headers: [] };
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => {
      seen.bodies.push(body);
      seen.headers.push(req.headers);
      answer(req, res, body);
    });
  });
  server.on('connection', (socket: Socket) => {
    seen.connections++;
    seen.maxOpen = Math.max(seen.maxOpen, ++seen.open);
    socket.on('close', () => { seen.open--; });
  });
  setup(server);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`), seen };
}

function newClient(o?: ConstructorParameters<typeof Http1Client>[0]): Http1Client {
  const c = new Http1Client(o);
  clients.push(c);
  return c;
}

const json = (body: string) => ({ 'content-type': 'application/x-amz-json-1.0', 'content-length': String(Buffer.byteLength(body)) });

describe('Http1Client', () => {
  it('sends the request as given and reads an answer with content-length, multi-byte text split across packets', async () => {
    const text = JSON.stringify({ Name: 'Jörg Müller 😀', n: 'x'.repeat(70_000) });
    const bytes = Buffer.from(text, 'utf8');
    const { url, seen } = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': bytes.length, 'x-amzn-requestid': 'abc' });
      // Split inside the multi-byte ö.
      const cut = bytes.indexOf(Buffer.from('ö')) + 1;
      res.write(bytes.subarray(0, cut));
      setImmediate(() => res.end(bytes.subarray(cut)));
    });
    const body = JSON.stringify({ TableName: 'tabelle', Key: { pk: { S: 'ä' } } });
    const answer = await newClient().post(url, { host: url.host, 'x-amz-target': 'DynamoDB_20120810.GetItem', ...json(body) }, body, 5000);
    expect(answer.status).toBe(200);
    expect(answer.headers['x-amzn-requestid']).toBe('abc');
    expect(answer.body).toBe(text);
    expect(seen.bodies).toEqual([body]);
    expect(seen.headers[0]!['x-amz-target']).toBe('DynamoDB_20120810.GetItem');
  });

  it('reads a chunked answer and an error status with its body', async () => {
    const { url } = await serve((req, res) => {
      res.writeHead(req.url === '/fehler' ? 400 : 200, { 'content-type': 'application/json' });
      res.write('{"__type":"com.amazon');
      setImmediate(() => res.end('aws.dynamodb#ValidationException","message":"kaputt"}'));
    });
    const client = newClient();
    const ok = await client.post(url, json('{}'), '{}', 5000);
    expect(ok).toMatchObject({ status: 200, body: '{"__type":"com.amazonaws.dynamodb#ValidationException","message":"kaputt"}' });
    expect(ok.headers['transfer-encoding']).toBe('chunked');
    const bad = await client.post(new URL('/fehler', url), json('{}'), '{}', 5000);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toEqual({ __type: 'com.amazonaws.dynamodb#ValidationException', message: 'kaputt' });
  });

  it('keeps the connection for the next request, and opens a new one after the server said close', async () => {
    const { url, seen } = await serve((req, res) => {
      res.writeHead(200, { 'content-length': 2, ...(req.url === '/schluss' ? { connection: 'close' } : {}) });
      res.end('ok');
    });
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('ok');
    expect(seen.connections).toBe(1);
    expect((await client.post(new URL('/schluss', url), json('{}'), '{}', 5000)).body).toBe('ok');
    expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('ok');
    expect(seen.connections).toBe(2);
  });

  it('drops an idle connection the server closed and answers on a new one', async () => {
    let serverSocket: Socket | undefined;
    const { url, seen } = await serve((_req, res) => { res.writeHead(200, { 'content-length': 2 }); res.end('ok'); }, (s) => {
      s.on('connection', (socket: Socket) => { serverSocket = socket; });
    });
    const client = newClient();
    await client.post(url, json('{}'), '{}', 5000);
    const closed = new Promise((r) => serverSocket!.once('close', r));
    serverSocket!.destroy();
    await closed;
    // The client's side of the connection has seen the end once its events ran.
    await new Promise((r) => setImmediate(r));
    expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('ok');
    expect(seen.connections).toBe(2);
  });

  it('gives up on a server that does not answer, with the code call.ts retries on', async () => {
    const { url } = await serve(() => { /* never answers */ });
    const started = Date.now();
    await expect(newClient().post(url, json('{}'), '{}', 150)).rejects.toMatchObject({ code: 'ATTEMPT_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('reports a connection closed before the end of the answer as ECONNRESET, and a refused one as ECONNREFUSED', async () => {
    const { url } = await serve((req, res) => {
      res.writeHead(200, { 'content-length': 100 });
      res.write('zu kurz');
      setImmediate(() => req.socket.destroy());
    });
    await expect(newClient().post(url, json('{}'), '{}', 5000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    const free = createNetServer();
    await new Promise<void>((r) => free.listen(0, '127.0.0.1', r));
    const port = (free.address() as AddressInfo).port;
    await new Promise((r) => free.close(r));
    await expect(newClient().post(new URL(`http://127.0.0.1:${port}/`), json('{}'), '{}', 5000)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('reads an answer without length to the end of the connection, and does not reuse that connection', async () => {
    let connections = 0;
    const server = createNetServer((socket) => {
      connections++;
      socket.once('data', () => socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n\r\n{"bis":"zum Ende"}'));
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const client = newClient();
    expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('{"bis":"zum Ende"}');
    expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('{"bis":"zum Ende"}');
    expect(connections).toBe(2);
  });

  it('refuses a header value with a line break (no request splitting) and sends nothing', async () => {
    const { url, seen } = await serve((_req, res) => { res.end('ok'); });
    await expect(newClient().post(url, { 'x-amz-security-token': 'abc\r\nx-evil: 1', ...json('{}') }, '{}', 5000)).rejects.toThrow(/Ungültiges Zeichen/);
    expect(seen.bodies).toEqual([]);
  });

  it('opens at most maxSockets connections; further requests wait for one', async () => {
    const { url, seen } = await serve((_req, res) => { setTimeout(() => { res.writeHead(200, { 'content-length': 2 }); res.end('ok'); }, 20); });
    const client = newClient({ maxSockets: 2 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => client.post(url, json('{}'), '{}', 5000)));
    expect(answers.map((a) => a.body)).toEqual(Array(6).fill('ok'));
    expect(seen.maxOpen).toBe(2);
    expect(seen.connections).toBe(2);
  });

  it('reuses every kept connection: after a burst, one request after another opens none and leaves none behind', async () => {
    const { url, seen } = await serve((_req, res) => { setTimeout(() => { res.writeHead(200, { 'content-length': 2 }); res.end('ok'); }, 10); });
    const client = newClient();
    await Promise.all(Array.from({ length: 5 }, () => client.post(url, json('{}'), '{}', 5000)));
    expect(seen.connections).toBe(5);
    for (let i = 0; i < 12; i++) expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('ok');
    await Promise.all(Array.from({ length: 5 }, () => client.post(url, json('{}'), '{}', 5000)));
    expect(seen.connections).toBe(5);
    client.close();
    // The server sees the closes after a few event-loop turns; vi.waitFor's own 1 s is short on a loaded machine.
    await vi.waitFor(() => expect(seen.open).toBe(0), { timeout: 5000 });
  });

  it('speaks TLS, checks the certificate, and reuses the TLS connection', async () => {
    const chain = makeTestChain();
    const ports = new Set<number | undefined>();
    const server = createHttpsServer({ key: chain.serverKey, cert: chain.serverCert }, (req, res) => {
      ports.add(req.socket.remotePort);
      res.writeHead(200, { 'content-length': 6 });
      res.end('sicher');
    });
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = new URL(`https://localhost:${(server.address() as AddressInfo).port}/`);
    // Without the test's root the certificate is not trusted.
    await expect(newClient().post(url, json('{}'), '{}', 5000)).rejects.toMatchObject({ code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' });
    const client = newClient({ ca: chain.rootCert });
    expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('sicher');
    expect((await client.post(url, json('{}'), '{}', 5000)).body).toBe('sicher');
    expect(ports.size).toBe(1);
  });
});
