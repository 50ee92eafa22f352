import { createHmac, createSecretKey, hash } from 'node:crypto';
import type { KeyObject } from 'node:crypto';

// AWS Signature Version 4 for the JSON-protocol calls of functions/lib/aws/call.ts
// (https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html).
// test/unit/aws-sigv4.test.ts checks it against the SDK's own signer (@smithy/signature-v4).

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string | undefined;
  /** When temporary credentials stop working (ms since epoch). */
  expiresAt?: number | undefined;
}

export interface SignInput {
  method: string;
  /** `dynamodb.eu-central-1.amazonaws.com` or `127.0.0.1:8000` (with the port when not the default). */
  host: string;
  /** Absolute path, already URI-encoded as it goes on the wire (the JSON services use `/`). */
  path: string;
  headers: Record<string, string>;
  body: string;
  service: string;
  region: string;
  credentials: Credentials;
  now?: Date;
}

// One-shot: no Hash object per call (two digests per request).
const sha256Hex = (data: string) => hash('sha256', data, 'hex');

const signingKeys = new Map<string, KeyObject>();

/**
 * The day's signing key, cached per day, region, service and key (one HMAC instead of four per
 * request), as a KeyObject: an HMAC over a Buffer key builds one on every call.
 */
function signingKey(secret: string, date: string, region: string, service: string): KeyObject {
  const id = `${date}/${region}/${service}/${secret}`;
  let key = signingKeys.get(id);
  if (!key) {
    const kDate = createHmac('sha256', `AWS4${secret}`).update(date).digest();
    const kRegion = createHmac('sha256', kDate).update(region).digest();
    const kService = createHmac('sha256', kRegion).update(service).digest();
    key = createSecretKey(createHmac('sha256', kService).update('aws4_request').digest());
    if (signingKeys.size > 8) signingKeys.clear();
    signingKeys.set(id, key);
  }
  return key;
}

/** `20240102T030405Z` */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

let stampSecond = -1;
let stampText = '';

/** The current second's stamp, formatted once per second rather than once per request. */
function currentStamp(): string {
  const second = Math.floor(Date.now() / 1000);
  if (second !== stampSecond) {
    stampSecond = second;
    stampText = amzDate(new Date(second * 1000));
  }
  return stampText;
}

/**
 * The headers to send: the given ones plus `host`, `x-amz-date`, `x-amz-content-sha256` (as the SDK
 * sends it), `x-amz-security-token` (temporary credentials) and `authorization`. Every header is signed.
 */
export function signRequest(input: SignInput): Record<string, string> {
  const stamp = input.now ? amzDate(input.now) : currentStamp();
  const date = stamp.slice(0, 8);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(input.headers)) headers[k.toLowerCase()] = v;
  const payloadHash = sha256Hex(input.body);
  headers.host = input.host;
  headers['x-amz-date'] = stamp;
  headers['x-amz-content-sha256'] = payloadHash;
  if (input.credentials.sessionToken) headers['x-amz-security-token'] = input.credentials.sessionToken;
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]!.trim().replace(/\s+/g, ' ')}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalRequest = [input.method, input.path, '', canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256Hex(canonicalRequest)].join('\n');
  const signature = createHmac('sha256', signingKey(input.credentials.secretAccessKey, date, input.region, input.service)).update(stringToSign).digest('hex');
  headers.authorization = `AWS4-HMAC-SHA256 Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return headers;
}
