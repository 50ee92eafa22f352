import type { Agent as HttpAgent, IncomingMessage, RequestOptions } from 'node:http';
import { urlToHttpOptions } from 'node:url';
import type { Agent as HttpsAgent } from 'node:https';
import { signRequest } from './sigv4.ts';
import type { Credentials } from './sigv4.ts';

// One call of an AWS service that speaks the JSON protocol (DynamoDB, Secrets Manager): a signed
// POST with `X-Amz-Target`, JSON in and out. Used instead of the SDK's clients on every request
// path because a cold start pays for what it imports: the SDK's DynamoDB client alone costs about
// 50 ms of CPU to import and make its first call, this about 10 (test/bench/cold-start.bench.ts,
// docs/decisions.md). Retries as the SDK's standard mode does: throttling, 5xx and broken
// connections, 3 attempts, exponential backoff with full jitter.

export interface AwsService {
  /** Signing name, e.g. `dynamodb`, `secretsmanager`. */
  signingName: string;
  /** `DynamoDB_20120810`, `secretsmanager`: the X-Amz-Target prefix. */
  targetPrefix: string;
  /** `1.0` (DynamoDB) or `1.1` (Secrets Manager). */
  jsonVersion: '1.0' | '1.1';
  /** Full URL of a non-AWS endpoint (DynamoDB Local); default `https://<signingName>.<region>.amazonaws.com`. */
  endpoint?: string | undefined;
  region: string;
}

/** An error answer of an AWS service: `name` is the exception's name (`ConditionalCheckFailedException`). */
export class AwsError extends Error {
  readonly statusCode: number;
  /** The whole error body (DynamoDB's `CancellationReasons`, `Item`, …). */
  readonly details: Record<string, unknown>;
  constructor(name: string, message: string, statusCode: number, details: Record<string, unknown> = {}) {
    super(message || name);
    this.name = name;
    this.statusCode = statusCode;
    this.details = details;
  }
}

export function isAwsError(err: unknown, name: string): err is AwsError {
  return err instanceof AwsError && err.name === name;
}

const MAX_ATTEMPTS = 3;
const RETRY_BASE_MS = 50;
const RETRY_CAP_MS = 2000;
/** Per attempt: DynamoDB answers in milliseconds; a connection that hangs is abandoned and retried. */
const ATTEMPT_TIMEOUT_MS = 5000;

const THROTTLING = new Set([
  'ThrottlingException', 'Throttling', 'ProvisionedThroughputExceededException', 'RequestLimitExceeded',
  'RequestThrottled', 'RequestThrottledException', 'TooManyRequestsException', 'SlowDown',
]);

function retryable(err: unknown): boolean {
  if (err instanceof AwsError) return err.statusCode >= 500 || THROTTLING.has(err.name);
  // Connection reset, refused while the service restarts, timed out: nothing was answered.
  const code = (err as { code?: string }).code;
  return code !== undefined && ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'EAI_AGAIN', 'ATTEMPT_TIMEOUT'].includes(code);
}

let httpAgent: HttpAgent | undefined;
let httpsAgent: HttpsAgent | undefined;

/**
 * The module for the endpoint's protocol, with kept-alive connections as the SDK keeps them (later
 * calls skip the TCP and TLS handshakes). Loaded when first needed: node:https brings TLS, which a
 * process talking plain HTTP (DynamoDB Local) never needs.
 */
function transport(https: boolean) {
  if (https) {
    const m = process.getBuiltinModule('node:https') as typeof import('node:https');
    return { request: m.request, agent: (httpsAgent ??= new m.Agent({ keepAlive: true, maxSockets: 50 })) };
  }
  const m = process.getBuiltinModule('node:http') as typeof import('node:http');
  return { request: m.request, agent: (httpAgent ??= new m.Agent({ keepAlive: true, maxSockets: 50 })) };
}

interface RawAnswer { status: number; body: string }

/** Where a service's calls go, worked out once per service: the URL, and the request options built from it. */
interface Target {
  url: URL;
  https: boolean;
  options: RequestOptions;
}

const targets = new WeakMap<AwsService, Target>();

function targetOf(service: AwsService): Target {
  let t = targets.get(service);
  if (!t) {
    const url = new URL(service.endpoint ?? `https://${service.signingName}.${service.region}.amazonaws.com/`);
    t = { url, https: url.protocol === 'https:', options: { ...urlToHttpOptions(url), method: 'POST' } };
    targets.set(service, t);
  }
  return t;
}

function send(target: Target, headers: Record<string, string>, body: string): Promise<RawAnswer> {
  const { request, agent } = transport(target.https);
  return new Promise((resolve, reject) => {
    const req = request({ ...target.options, headers, agent }, (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      // Mostly one chunk: decoded as it is (setEncoding would load a string decoder on a cold start).
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(ATTEMPT_TIMEOUT_MS, () => req.destroy(Object.assign(new Error(`${target.url.host}: keine Antwort nach ${ATTEMPT_TIMEOUT_MS} ms`), { code: 'ATTEMPT_TIMEOUT' })));
    req.on('error', reject);
    req.end(body);
  });
}

function errorOf(answer: RawAnswer): AwsError {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(answer.body) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's HTML page): the status says enough.
  }
  const type = String(parsed.__type ?? parsed.code ?? `HTTP${answer.status}`);
  const name = type.slice(type.lastIndexOf('#') + 1);
  const message = String(parsed.message ?? parsed.Message ?? '');
  return new AwsError(name, message, answer.status, parsed);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Calls `operation` with `input` (JSON), returns the parsed answer; an error answer throws AwsError. */
export async function awsJsonCall<T>(service: AwsService, credentials: () => Promise<Credentials>, operation: string, input: unknown): Promise<T> {
  const target = targetOf(service);
  const { url } = target;
  const body = JSON.stringify(input);
  for (let attempt = 1; ; attempt++) {
    try {
      const headers = signRequest({
        method: 'POST',
        host: url.host,
        path: url.pathname || '/',
        headers: {
          'content-type': `application/x-amz-json-${service.jsonVersion}`,
          'x-amz-target': `${service.targetPrefix}.${operation}`,
          'content-length': String(Buffer.byteLength(body)),
        },
        body,
        service: service.signingName,
        region: service.region,
        credentials: await credentials(),
      });
      const answer = await send(target, headers, body);
      if (answer.status >= 200 && answer.status < 300) return (answer.body ? JSON.parse(answer.body) : {}) as T;
      throw errorOf(answer);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !retryable(err)) throw err;
      await sleep(Math.random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt));
    }
  }
}
