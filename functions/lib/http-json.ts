import type { Agent as HttpAgent } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';

// JSON over HTTP(S) for the services we call outside AWS (an OpenID provider's discovery document,
// keys and token endpoint; Google's OAuth token endpoint and Wallet REST API), on Node's own
// http/https modules: the global fetch loads its HTTP client (undici) on first use, about 30 ms of
// CPU on a cold start (measured here: 34 ms against 4.5 ms; the Google save link's cold start: 27 ms
// of 135 in a CPU profile), which every such route's cold start would pay. node:https (TLS) loads
// only for an https address, as in functions/lib/aws/call.ts.

const MAX_BYTES = 1024 * 1024;

export interface JsonAnswer { status: number; json: unknown }

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  /** Keep the connection for the next call to the same host (several calls per request, as to Google's API). */
  keepAlive?: boolean;
}

const agents: { http?: HttpAgent; https?: HttpsAgent } = {};

function transport(https: boolean, keepAlive: boolean) {
  const m = process.getBuiltinModule(https ? 'node:https' : 'node:http') as typeof import('node:https');
  if (!keepAlive) return { request: m.request, agent: undefined };
  const key = https ? 'https' : 'http';
  return { request: m.request, agent: (agents[key] ??= new m.Agent({ keepAlive: true, maxSockets: 10 })) };
}

/** One request, no redirects followed, at most 1 MB read; a body that is not JSON answers `json: undefined`. */
export async function httpJson(url: string, o: JsonRequest = {}): Promise<JsonAnswer> {
  try {
    return await send(url, o);
  } catch (err) {
    // A kept connection the server closed meanwhile (a Lambda container frozen for minutes does not
    // notice): the request never reached it, so it is sent once more on a new connection, as
    // Node's documentation advises for `reusedSocket`.
    if (!(err instanceof StaleConnectionError)) throw err;
    return send(url, o);
  }
}

class StaleConnectionError extends Error {}

function send(url: string, o: JsonRequest): Promise<JsonAnswer> {
  const u = new URL(url);
  const { request, agent } = transport(u.protocol === 'https:', o.keepAlive ?? false);
  return new Promise((resolve, reject) => {
    const req = request(u, {
      method: o.method ?? 'GET',
      headers: { accept: 'application/json', ...o.headers, ...(o.body !== undefined ? { 'content-length': String(Buffer.byteLength(o.body)) } : {}) },
      timeout: o.timeoutMs ?? 5000,
      ...(agent ? { agent } : {}),
    }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_BYTES) req.destroy(new Error(`Antwort von ${u.origin} größer als 1 MB`));
        else chunks.push(c);
      });
      res.on('end', () => {
        let json: unknown;
        try { json = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { json = undefined; }
        resolve({ status: res.statusCode ?? 0, json });
      });
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`Zeitüberschreitung bei ${u.origin}`)));
    req.on('error', (err: NodeJS.ErrnoException) => {
      const stale = req.reusedSocket && (err.code === 'ECONNRESET' || err.code === 'EPIPE');
      reject(stale ? new StaleConnectionError(`${u.origin}: gehaltene Verbindung geschlossen`) : err);
    });
    req.end(o.body);
  });
}
