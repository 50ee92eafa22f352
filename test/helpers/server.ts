import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, inject } from 'vitest';
import { prepareLocal } from '../../functions/local/prepare.ts';
import { createLocalServer } from '../../functions/local/server.ts';
import { createCdnLogWriter } from '../../functions/local/cdn-log-writer.ts';
import type { FlushResult } from '../../functions/local/cdn-log-writer.ts';
import { startCardChangeFeed } from '../../functions/local/card-change-feed.ts';
import type { CardChangeFeed, FeedOptions } from '../../functions/local/card-change-feed.ts';
import { readAnswer, routeCaller } from './api-client.ts';
import type { ApiResponse, RouteCaller } from './api-client.ts';

export type { ApiResponse } from './api-client.ts';

export const ADMIN = { username: 'admin', password: 'Wolke-Tinte-Regal-51' };

export interface TestServer {
  baseUrl: string;
  tableName: string;
  uploadsDir: string;
  /** A call of a route of the table, typed by its contract (test/helpers/api-client.ts): `s.call('userGet', { params: { id }, token })`. */
  call: RouteCaller;
  /**
   * A raw request, for what the contract cannot express: a wrong method, a path of no route, a
   * body or type the route refuses. Every use says why it is raw.
   */
  api<T = any>(method: string, path: string, o?: { body?: unknown; token?: string | undefined; headers?: Record<string, string> }): Promise<ApiResponse<T>>;
  login(username: string, password: string): Promise<string>;
  adminToken(): Promise<string>;
  /** Closes the local CDN access log and counts it now (views and saves); the server's own timer is off in tests. */
  flushViews(): Promise<FlushResult>;
  /** The card-changed job as `npm start` runs it: `await s.cardChanges.drain()` after a write, before looking at its effects. */
  cardChanges: CardChangeFeed;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Outside vitest (the bench) the caller names DynamoDB Local's endpoint. */
  endpoint?: string;
  /** Timing of the card-changed feed (a dead-letter test shortens the retries). */
  feed?: Partial<Omit<FeedOptions, 'endpoint' | 'tableName'>>;
}

/**
 * The product's local server on a free port with a table of its own in the shared DynamoDB
 * Local, so test files never see each other's data.
 */
export async function startTestServer(o: TestServerOptions = {}): Promise<TestServer> {
  const tableName = `t_${randomUUID().replaceAll('-', '')}`;
  const endpoint = o.endpoint ?? inject('dynamoEndpoint');
  const uploadsDir = await mkdtemp(join(tmpdir(), 'vk-uploads-'));
  // Listening first: the server's own address is its public base URL (QR codes, vCard).
  const cdnLog = createCdnLogWriter({ dir: await mkdtemp(join(tmpdir(), 'vk-cdn-logs-')), flushSeconds: 0 });
  const server = createLocalServer({ staticDir: resolve(import.meta.dirname, '../../dist/web'), cdnLog });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await prepareLocal({
    endpoint,
    tableName,
    uploadsDir,
    authSecret: randomBytes(32).toString('hex'),
    adminUsername: ADMIN.username,
    adminPassword: ADMIN.password,
    publicBaseUrl: baseUrl,
  });
  const cardChanges = startCardChangeFeed({ pollMs: 1000, ...o.feed, endpoint, tableName });

  const api: TestServer['api'] = async (method, path, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(baseUrl + path, {
      method,
      headers,
      redirect: 'manual',
      ...(o.body !== undefined ? { body: typeof o.body === 'string' ? o.body : JSON.stringify(o.body) } : {}),
    });
    return readAnswer(res);
  };
  const call = routeCaller(baseUrl);

  let admin: string | undefined;
  const login = async (username: string, password: string) => {
    const res = await call('authLogin', { body: { username, password } });
    if (res.status !== 200) throw new Error(`Login ${username} fehlgeschlagen: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token as string;
  };

  return {
    baseUrl,
    tableName,
    uploadsDir,
    call,
    api,
    login,
    adminToken: async () => (admin ??= await login(ADMIN.username, ADMIN.password)),
    flushViews: () => cdnLog.flush(),
    cardChanges,
    close: () => cardChanges.stop().then(() => new Promise<void>((ok) => {
      server.closeAllConnections();
      server.close(() => ok());
    })),
  };
}

/**
 * For a test file: a server started before its tests and closed after them. The answer stands
 * for that server, so the file can say `const s = useTestServer();` at the top and use `s` in
 * its tests and hooks (not while the module loads: the server does not exist yet).
 */
export function useTestServer(options: TestServerOptions = {}): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => { server = await startTestServer(options); });
  afterAll(async () => { await server?.close(); });
  const current = () => {
    if (!server) throw new Error('The test server starts in beforeAll; use it in tests and hooks.');
    return server;
  };
  return {
    get baseUrl() { return current().baseUrl; },
    get tableName() { return current().tableName; },
    get uploadsDir() { return current().uploadsDir; },
    call: ((name: never, ...rest: never[]) => (current().call as (...a: unknown[]) => unknown)(name, ...rest)) as RouteCaller,
    api: (method, path, o) => current().api(method, path, o),
    login: (username, password) => current().login(username, password),
    adminToken: () => current().adminToken(),
    flushViews: () => current().flushViews(),
    get cardChanges() { return current().cardChanges; },
    close: () => current().close(),
  };
}

let counter = 0;
/** A unique, valid username for a test. */
export function uniqueName(prefix = 'user'): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`;
}
