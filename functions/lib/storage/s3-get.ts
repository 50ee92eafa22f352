import { AwsError, awsSignedRequest } from '../aws/call.ts';
import type { Credentials } from '../aws/sigv4.ts';
import type { HttpBytesAnswer } from '../aws/http1.ts';
import { awsCredentials } from '../aws/credentials.ts';
import { assertSafeKey } from './storage.ts';
import type { StoredFile } from './storage.ts';

// Reading one object (GetObject, REST) through the signed request of the DynamoDB caller
// (../aws/call.ts: same HTTP client, kept connections and retries) instead of the SDK's S3 client,
// whose import and setup cost a cold start ~75 ms of CPU on this machine (bundled as the Lambdas
// are): every read on a request path (a stored Apple pass, an uploaded image) goes through here;
// writes, deletes and listings, off the hot paths, keep the SDK (./s3-storage.ts).

/** `endpoint`: an S3-compatible server (tests), path-style; default the bucket's virtual-hosted AWS address. */
export interface S3Target {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  credentials?: () => Promise<Credentials>;
}

/** S3's error answer is XML: `<Code>` names it (`NoSuchKey`, `AccessDenied`, `SlowDown`). */
function s3ErrorOf(answer: HttpBytesAnswer): AwsError {
  const text = answer.bytes.toString('utf8');
  const code = /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? `HTTP${answer.status}`;
  const message = /<Message>([^<]+)<\/Message>/.exec(text)?.[1] ?? '';
  return new AwsError(code, message, answer.status);
}

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
  let answer: HttpBytesAnswer;
  try {
    answer = await awsSignedRequest({
      method: 'GET', url, headers: {}, body: '', signingName: 's3', region: target.region,
      credentials: target.credentials ?? awsCredentials, errorOf: s3ErrorOf,
    });
  } catch (err) {
    if (err instanceof AwsError && err.statusCode === 404) return undefined;
    if (err instanceof AwsError) throw Object.assign(new Error(`S3 GetObject ${key}: ${err.statusCode} ${err.name}`), { name: err.name, statusCode: err.statusCode });
    throw err;
  }
  const metadata: Record<string, string> = {};
  for (const [name, value] of Object.entries(answer.headers)) if (name.startsWith('x-amz-meta-')) metadata[name.slice(11)] = value;
  return {
    body: answer.bytes, contentType: answer.headers['content-type'] ?? 'application/octet-stream',
    ...(Object.keys(metadata).length ? { metadata } : {}),
  };
}
