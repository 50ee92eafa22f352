import type { IncomingMessage } from 'node:http';
import { signRequest } from '../aws/sigv4.ts';
import type { Credentials } from '../aws/sigv4.ts';
import { awsCredentials } from '../aws/credentials.ts';
import { assertSafeKey } from './storage.ts';
import type { StoredFile } from './storage.ts';

// Reading one object (GetObject, REST) with our SigV4 signer instead of the SDK's S3 client, whose
// import and setup cost a cold start ~75 ms of CPU on this machine (bundled as the Lambdas are):
// every read on a request path (a stored Apple pass, an uploaded image) goes through here; writes,
// deletes and listings, off the hot paths, keep the SDK (./s3-storage.ts).

/** `endpoint`: an S3-compatible server (tests), path-style; default the bucket's virtual-hosted AWS address. */
export interface S3Target {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  credentials?: () => Promise<Credentials>;
}

const MAX_ATTEMPTS = 3;
const ATTEMPT_TIMEOUT_MS = 5000;

interface Answer { status: number; headers: IncomingMessage['headers']; body: Buffer }

function send(url: URL, headers: Record<string, string>): Promise<Answer> {
  const m = (url.protocol === 'https:' ? process.getBuiltinModule('node:https') : process.getBuiltinModule('node:http')) as typeof import('node:https');
  return new Promise((resolve, reject) => {
    const req = m.request(url, { method: 'GET', headers, agent: agentFor(m, url.protocol) }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(ATTEMPT_TIMEOUT_MS, () => req.destroy(Object.assign(new Error(`${url.host}: keine Antwort nach ${ATTEMPT_TIMEOUT_MS} ms`), { code: 'ATTEMPT_TIMEOUT' })));
    req.on('error', reject);
    req.end();
  });
}

const agents = new Map<string, unknown>();
/** Kept-alive connections, as the SDK keeps them. */
function agentFor(m: typeof import('node:https'), protocol: string) {
  let agent = agents.get(protocol) as InstanceType<typeof m.Agent> | undefined;
  if (!agent) agents.set(protocol, (agent = new m.Agent({ keepAlive: true, maxSockets: 50 })));
  return agent;
}

const retryable = (err: unknown) => ['ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ECONNREFUSED', 'EAI_AGAIN', 'ATTEMPT_TIMEOUT'].includes((err as { code?: string }).code ?? '');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The object with its content type and user metadata (`x-amz-meta-*`); undefined when it does not
 * exist (404; S3 answers 403 instead unless the caller may list the prefix: grant `list`).
 */
export async function s3GetObject(target: S3Target, key: string): Promise<StoredFile | undefined> {
  assertSafeKey(key);
  // Our keys need no encoding (assertSafeKey): the path on the wire is the canonical one.
  const url = target.endpoint
    ? new URL(`${target.endpoint.replace(/\/$/, '')}/${target.bucket}/${key}`)
    : new URL(`https://${target.bucket}.s3.${target.region}.amazonaws.com/${key}`);
  for (let attempt = 1; ; attempt++) {
    const headers = signRequest({
      method: 'GET', host: url.host, path: url.pathname, headers: {}, body: '', service: 's3', region: target.region,
      credentials: await (target.credentials ?? awsCredentials)(),
    });
    let answer: Answer;
    try {
      answer = await send(url, headers);
    } catch (err) {
      // Reset, refused, timed out: nothing was answered.
      if (attempt >= MAX_ATTEMPTS || !retryable(err)) throw err;
      await sleep(Math.random() * Math.min(2000, 50 * 2 ** attempt));
      continue;
    }
    if (answer.status === 200) {
      const metadata: Record<string, string> = {};
      for (const [name, value] of Object.entries(answer.headers)) if (name.startsWith('x-amz-meta-') && typeof value === 'string') metadata[name.slice(11)] = value;
      return {
        body: answer.body, contentType: String(answer.headers['content-type'] ?? 'application/octet-stream'),
        ...(Object.keys(metadata).length ? { metadata } : {}),
      };
    }
    if (answer.status === 404) return undefined;
    const code = /<Code>([^<]+)<\/Code>/.exec(answer.body.toString('utf8'))?.[1] ?? `HTTP${answer.status}`;
    if ((answer.status >= 500 || code === 'SlowDown') && attempt < MAX_ATTEMPTS) {
      await sleep(Math.random() * Math.min(2000, 50 * 2 ** attempt));
      continue;
    }
    throw Object.assign(new Error(`S3 GetObject ${key}: ${answer.status} ${code}`), { name: code, statusCode: answer.status });
  }
}
