import { Http1Client } from './http1.ts';
import type { HttpBytesAnswer } from './http1.ts';
import { signRequest } from './sigv4.ts';
import type { Credentials } from './sigv4.ts';

// One call of an AWS service that speaks the JSON protocol (DynamoDB, Secrets Manager): a signed
// POST with `X-Amz-Target`, JSON in and out. Used instead of the SDK's clients on every request
// path because a cold start pays for what it imports: the SDK's DynamoDB client alone costs about
// 50 ms of CPU to import and make its first call, this about 10 (test/bench/cold-start.bench.ts,
// docs/decisions.md). Retries as the SDK's standard mode does: throttling, 5xx and broken
// connections, 3 attempts, exponential backoff with full jitter. S3's GetObject on a request path
// (functions/lib/storage/s3-get.ts) goes through the same signed request and retries.

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

/** Kept-alive connections as the SDK keeps them: later calls skip the TCP and TLS handshakes. */
const client = new Http1Client();

/** The JSON services' error answer: `__type` (DynamoDB) or `code`, and the message. */
function jsonErrorOf(answer: HttpBytesAnswer): AwsError {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(answer.bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's HTML page): the status says enough.
  }
  const type = String(parsed.__type ?? parsed.code ?? `HTTP${answer.status}`);
  const name = type.slice(type.lastIndexOf('#') + 1);
  const message = String(parsed.message ?? parsed.Message ?? '');
  return new AwsError(name, message, answer.status, parsed);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SignedRequest {
  method: 'GET' | 'POST';
  /** Path already URI-encoded as it goes on the wire. */
  url: URL;
  headers: Record<string, string>;
  body: string;
  signingName: string;
  region: string;
  credentials: () => Promise<Credentials>;
  /** Names a non-2xx answer (the service's error format): throttling and 5xx are retried, the rest thrown. */
  errorOf: (answer: HttpBytesAnswer) => AwsError;
}

/** Signs (again on each attempt: the date moves) and sends; the 2xx answer, or the AwsError of the last attempt. */
export async function awsSignedRequest(o: SignedRequest): Promise<HttpBytesAnswer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const headers = signRequest({
        method: o.method, host: o.url.host, path: o.url.pathname || '/', headers: o.headers, body: o.body,
        service: o.signingName, region: o.region, credentials: await o.credentials(),
      });
      const answer = await client.request(o.method, o.url, headers, o.body, ATTEMPT_TIMEOUT_MS);
      if (answer.status >= 200 && answer.status < 300) return answer;
      throw o.errorOf(answer);
    } catch (err) {
      if (attempt >= MAX_ATTEMPTS || !retryable(err)) throw err;
      await sleep(Math.random() * Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** attempt));
    }
  }
}

const urls = new WeakMap<AwsService, URL>();

/** Calls `operation` with `input` (JSON), returns the parsed answer; an error answer throws AwsError. */
export async function awsJsonCall<T>(service: AwsService, credentials: () => Promise<Credentials>, operation: string, input: unknown): Promise<T> {
  let url = urls.get(service);
  if (!url) urls.set(service, (url = new URL(service.endpoint ?? `https://${service.signingName}.${service.region}.amazonaws.com/`)));
  const body = JSON.stringify(input);
  const answer = await awsSignedRequest({
    method: 'POST',
    url,
    headers: {
      'content-type': `application/x-amz-json-${service.jsonVersion}`,
      'x-amz-target': `${service.targetPrefix}.${operation}`,
      'content-length': String(Buffer.byteLength(body)),
    },
    body,
    signingName: service.signingName,
    region: service.region,
    credentials,
    errorOf: jsonErrorOf,
  });
  return (answer.bytes.length ? JSON.parse(answer.bytes.toString('utf8')) : {}) as T;
}
