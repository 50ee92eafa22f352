import type { Socket } from 'node:net';
import type { ConnectionOptions, TLSSocket } from 'node:tls';

// The HTTP/1.1 client of the AWS calls (./call.ts: the JSON services' POSTs, S3's GET): a GET or a
// POST with a body of known length, an answer with `content-length`, chunked, or read to the end
// of the connection (never HEAD, whose answer has a length but no body); connections kept
// alive and reused. node:http's client did the same and cost every cold start about 4 ms of CPU
// more on its first request (loading node:http, then the first ClientRequest, agent and
// IncomingMessage stream; test/bench/cold-start.bench.ts, docs/decisions.md). What AWS and
// DynamoDB Local answer needs nothing else of HTTP: no upgrades, no pipelining.

export interface HttpAnswer {
  status: number;
  /** Header names in lower case; a repeated header's values joined with `, `. */
  headers: Record<string, string>;
  body: string;
}

/** The answer with its body as bytes (S3 objects). */
export interface HttpBytesAnswer {
  status: number;
  headers: Record<string, string>;
  bytes: Buffer;
}

export interface Http1Options {
  /** Connections per origin at most (node:http's agent: the SDK's 50); more requests wait for one. */
  maxSockets?: number;
  /** Extra trust for TLS (a test's own certificate authority); default Node's CAs. */
  ca?: string | Buffer;
}

/** A socket error with a code call.ts retries on (`ECONNRESET`, `ATTEMPT_TIMEOUT`). */
function failure(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

const MAX_HEAD_BYTES = 64 * 1024;
const CRLF = Buffer.from('\r\n');
const HEAD_END = Buffer.from('\r\n\r\n');

interface Head { status: number; headers: Record<string, string>; keepAlive: boolean }

function parseHead(text: string): Head {
  const lines = text.split('\r\n');
  const m = /^HTTP\/1\.([01]) (\d{3})(?: .*)?$/.exec(lines[0] ?? '');
  if (!m) throw failure(`Keine HTTP-Antwort: ${JSON.stringify((lines[0] ?? '').slice(0, 80))}`, 'EPROTO');
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw failure(`Ungültige Kopfzeile in der HTTP-Antwort: ${JSON.stringify(line.slice(0, 80))}`, 'EPROTO');
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
  }
  const connection = (headers.connection ?? '').toLowerCase();
  const keepAlive = m[1] === '1' ? !connection.includes('close') : connection.includes('keep-alive');
  return { status: Number(m[2]), headers, keepAlive };
}

/**
 * Reads one answer from the bytes as they arrive. `push` returns true once the answer is complete;
 * `reusable` then says whether the connection may carry the next request.
 */
class AnswerReader {
  private buf: Buffer = Buffer.alloc(0);
  private head: Head | undefined;
  private mode: 'head' | 'length' | 'chunk-size' | 'chunk-data' | 'chunk-end' | 'trailers' | 'to-close' = 'head';
  private remaining = 0;
  private readonly parts: Buffer[] = [];
  reusable = false;

  push(data: Buffer): boolean {
    this.buf = this.buf.length ? Buffer.concat([this.buf, data]) : data;
    for (;;) {
      switch (this.mode) {
        case 'head': {
          const end = this.buf.indexOf(HEAD_END);
          if (end < 0) {
            if (this.buf.length > MAX_HEAD_BYTES) throw failure('Kopf der HTTP-Antwort zu groß', 'EPROTO');
            return false;
          }
          const head = parseHead(this.buf.subarray(0, end).toString('latin1'));
          this.buf = this.buf.subarray(end + 4);
          // An interim answer (100 Continue) is followed by the real one.
          if (head.status >= 100 && head.status < 200) continue;
          this.head = head;
          const encoding = (head.headers['transfer-encoding'] ?? '').toLowerCase();
          if (encoding.includes('chunked')) this.mode = 'chunk-size';
          else if (head.headers['content-length'] !== undefined) {
            this.remaining = Number(head.headers['content-length']);
            if (!Number.isSafeInteger(this.remaining) || this.remaining < 0) throw failure('Ungültige content-length in der HTTP-Antwort', 'EPROTO');
            this.mode = 'length';
          } else if (head.status === 204 || head.status === 304) return this.done(head.keepAlive);
          else this.mode = 'to-close';
          continue;
        }
        case 'length':
          return this.takeBody() ? this.done(this.head!.keepAlive) : false;
        case 'chunk-size': {
          const end = this.buf.indexOf(CRLF);
          if (end < 0) return false;
          const size = parseInt(this.buf.subarray(0, end).toString('latin1').split(';')[0]!.trim(), 16);
          if (!Number.isSafeInteger(size) || size < 0) throw failure('Ungültige Blockgröße in der HTTP-Antwort', 'EPROTO');
          this.buf = this.buf.subarray(end + 2);
          this.remaining = size;
          this.mode = size === 0 ? 'trailers' : 'chunk-data';
          continue;
        }
        case 'chunk-data':
          if (!this.takeBody()) return false;
          this.mode = 'chunk-end';
          continue;
        case 'chunk-end': {
          if (this.buf.length < 2) return false;
          this.buf = this.buf.subarray(2);
          this.mode = 'chunk-size';
          continue;
        }
        case 'trailers': {
          // Trailer lines up to an empty line; their content is not used.
          const end = this.buf.indexOf(CRLF);
          if (end < 0) return false;
          this.buf = this.buf.subarray(end + 2);
          if (end === 0) return this.done(this.head!.keepAlive);
          continue;
        }
        case 'to-close':
          if (this.buf.length) this.parts.push(this.buf);
          this.buf = Buffer.alloc(0);
          return false;
      }
    }
  }

  /** Moves up to `remaining` body bytes from the buffer into the answer; true once none remain. */
  private takeBody(): boolean {
    const take = Math.min(this.remaining, this.buf.length);
    if (take) this.parts.push(this.buf.subarray(0, take));
    this.buf = this.buf.subarray(take);
    this.remaining -= take;
    return this.remaining === 0;
  }

  /** The connection ended: complete only for an answer read to its end. */
  end(): boolean {
    return this.mode === 'to-close';
  }

  private done(keepAlive: boolean): true {
    // Bytes after the answer (nothing was asked for) make the connection unusable.
    this.reusable = keepAlive && this.buf.length === 0;
    return true;
  }

  answer(): HttpBytesAnswer {
    // Mostly one part: no copy.
    return { status: this.head!.status, headers: this.head!.headers, bytes: this.parts.length === 1 ? this.parts[0]! : Buffer.concat(this.parts) };
  }
}

interface Idle {
  socket: Socket;
  /** Removes the listeners that drop it from the pool while idle. */
  take: () => Socket;
}

interface Origin {
  idle: Idle[];
  busy: number;
  waiting: (() => void)[];
  /** The last TLS session, so a new connection resumes it instead of a full handshake (as node:https's agent does). */
  session?: Buffer;
}

export class Http1Client {
  private readonly origins = new Map<string, Origin>();
  private readonly maxSockets: number;
  private readonly ca: string | Buffer | undefined;

  constructor(o: Http1Options = {}) {
    this.maxSockets = o.maxSockets ?? 50;
    this.ca = o.ca;
  }

  /** POSTs `body` (headers as given, with `content-length`) to `url`; the answer, whatever its status. */
  async post(url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<HttpAnswer> {
    const answer = await this.request('POST', url, headers, body, timeoutMs);
    return { status: answer.status, headers: answer.headers, body: answer.bytes.toString('utf8') };
  }

  /** Sends `method` (a GET's body is empty) to `url`; the answer with its body as bytes, whatever its status. */
  async request(method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body: string, timeoutMs: number): Promise<HttpBytesAnswer> {
    if (method === 'GET' && body) throw new Error('Ein GET trägt keinen Inhalt');
    const key = `${url.protocol}//${url.host}`;
    let origin = this.origins.get(key);
    if (!origin) this.origins.set(key, (origin = { idle: [], busy: 0, waiting: [] }));
    while (!origin.idle.length && origin.busy >= this.maxSockets) await new Promise<void>((r) => origin!.waiting.push(r));
    origin.busy++;
    // The most recently used connection: the least likely to have been closed by the server meanwhile.
    let socket: Socket | undefined;
    // One pop per candidate: a pop past the one taken would drop a kept connection from the pool
    // without closing it (each reuse under load then opened a new connection and leaked one).
    while (!socket) {
      const idle = origin.idle.pop();
      if (!idle) break;
      const candidate = idle.take();
      // Closed on our side already (its close event not yet run): not worth a failed attempt.
      if (candidate.destroyed || !candidate.writable) candidate.destroy();
      else socket = candidate;
    }
    socket ??= this.connect(url, origin);
    try {
      return await this.exchange(socket, method, url, headers, body, timeoutMs, origin);
    } finally {
      origin.busy--;
      origin.waiting.shift()?.();
    }
  }

  /** Closes every idle connection (tests, and a process that wants to exit at once). */
  close(): void {
    for (const origin of this.origins.values()) for (const idle of origin.idle.splice(0)) idle.take().destroy();
  }

  private connect(url: URL, origin: Origin): Socket {
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    if (url.protocol === 'http:') {
      const net = process.getBuiltinModule('node:net') as typeof import('node:net');
      return net.connect({ host, port: Number(url.port || 80), noDelay: true });
    }
    if (url.protocol !== 'https:') throw new Error(`${url.href}: nur http und https`);
    const tls = process.getBuiltinModule('node:tls') as typeof import('node:tls');
    const net = process.getBuiltinModule('node:net') as typeof import('node:net');
    const options: ConnectionOptions = {
      host, port: Number(url.port || 443), ALPNProtocols: ['http/1.1'],
      ...(net.isIP(host) ? {} : { servername: host }),
      ...(this.ca ? { ca: this.ca } : {}),
      ...(origin.session ? { session: origin.session } : {}),
    };
    const socket: TLSSocket = tls.connect(options);
    socket.setNoDelay(true);
    socket.on('session', (session: Buffer) => { origin.session = session; });
    return socket;
  }

  private exchange(socket: Socket, method: 'GET' | 'POST', url: URL, headers: Record<string, string>, body: string, timeoutMs: number, origin: Origin): Promise<HttpBytesAnswer> {
    return new Promise((resolve, reject) => {
      const reader = new AnswerReader();
      let settled = false;
      const finish = (err: Error | undefined) => {
        if (settled) return;
        settled = true;
        socket.off('data', onData);
        socket.off('end', onEnd);
        socket.off('close', onClose);
        socket.off('error', onError);
        socket.off('timeout', onTimeout);
        socket.setTimeout(0);
        if (err) {
          socket.destroy();
          reject(err);
          return;
        }
        if (reader.reusable && !socket.destroyed) this.keep(socket, origin);
        else socket.destroy();
        resolve(reader.answer());
      };
      const onData = (data: Buffer) => {
        try {
          if (reader.push(data)) finish(undefined);
        } catch (err) {
          finish(err as Error);
        }
      };
      const onEnd = () => finish(reader.end() ? undefined : failure(`${url.host}: Verbindung vor dem Ende der Antwort geschlossen`, 'ECONNRESET'));
      const onClose = () => onEnd();
      const onError = (err: Error) => finish(err);
      const onTimeout = () => finish(failure(`${url.host}: keine Antwort nach ${timeoutMs} ms`, 'ATTEMPT_TIMEOUT'));
      socket.on('data', onData);
      socket.on('end', onEnd);
      socket.on('close', onClose);
      socket.on('error', onError);
      socket.on('timeout', onTimeout);
      socket.setTimeout(timeoutMs);
      socket.ref();
      let head = `${method} ${url.pathname || '/'}${url.search} HTTP/1.1\r\n`;
      // HTTP/1.1 requires it; the signed calls bring their own (it is part of the signature).
      if (!Object.keys(headers).some((n) => n.toLowerCase() === 'host')) head += `host: ${url.host}\r\n`;
      for (const [name, value] of Object.entries(headers)) {
        // A line break in a value would end the header early (request splitting): refused, as node:http does.
        if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) {
          finish(new Error(`Ungültiges Zeichen im Header ${JSON.stringify(name)}`));
          return;
        }
        head += `${name}: ${value}\r\n`;
      }
      socket.write(`${head}connection: keep-alive\r\n\r\n${body}`, 'utf8');
    });
  }

  /** Back to the pool; a connection the server closes meanwhile leaves it. It does not keep the process alive. */
  private keep(socket: Socket, origin: Origin): void {
    const events = ['close', 'end', 'error', 'data'] as const;
    const take = () => {
      for (const e of events) socket.off(e, drop);
      return socket;
    };
    const idle: Idle = { socket, take };
    // Anything arriving on an idle connection (no question is open) makes it unusable too.
    const drop = () => {
      take();
      const i = origin.idle.indexOf(idle);
      if (i >= 0) origin.idle.splice(i, 1);
      socket.destroy();
    };
    for (const e of events) socket.on(e, drop);
    socket.unref();
    origin.idle.push(idle);
  }
}
