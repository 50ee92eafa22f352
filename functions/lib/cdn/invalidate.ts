import { awsJsonCall } from '../aws/call.ts';
import { awsCredentials } from '../aws/credentials.ts';
import { env } from '../env.ts';
import { log } from '../log.ts';

/** What one queue message carries; the job `functions/jobs/cdn-invalidate.ts` reads the same shape. */
export interface InvalidationMessage {
  paths: string[];
}

/** CloudFront accepts at most 3000 paths per invalidation; one message never holds more. */
export const MAX_PATHS_PER_MESSAGE = 1000;

const recorded: string[][] = [];

/** Locally (no queue): every call's paths, in order, for tests that check what would be invalidated. */
export function recordedInvalidations(): readonly string[][] {
  return recorded;
}

export function clearRecordedInvalidations(): void {
  recorded.length = 0;
}

/** Paths as CloudFront wants them: absolute, unique, `*` only as the last character. */
export function normalizePaths(paths: string[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    if (!p.startsWith('/')) throw new Error(`CDN-Pfad muss mit / beginnen: ${p}`);
    out.add(p);
  }
  return [...out];
}

/**
 * Asks the CDN to drop cached copies of these paths (e.g. `/api/upload/logo/abc.png`, `/api/card/42*`).
 * In AWS the paths go to a queue whose job batches them into CloudFront invalidations: the queue
 * keeps functions independent of the distribution (which depends on the API, which depends on
 * them). The data change has already happened when this runs, so a failure to queue is logged
 * as an error (with what to do) instead of failing the request that changed the data.
 */
export async function invalidate(paths: string[]): Promise<void> {
  await queueInvalidation(paths, (message, err) => {
    log('error', 'cdn invalidation not queued: invalidate these paths by hand (aws cloudfront create-invalidation)', {
      paths: message.paths,
      error: err instanceof Error ? err.message : String(err),
    });
  });
}

/**
 * The same for a job that is retried as a whole (card-changed): a failure to queue throws, so the
 * batch comes back instead of the paths being lost.
 */
export async function invalidateOrThrow(paths: string[]): Promise<void> {
  await queueInvalidation(paths, (_, err) => { throw err; });
}

async function queueInvalidation(paths: string[], onFailure: (message: InvalidationMessage, err: unknown) => void): Promise<void> {
  const unique = normalizePaths(paths);
  if (!unique.length) return;
  const queueUrl = env().INVALIDATION_QUEUE_URL;
  if (!queueUrl) {
    recorded.push(unique);
    return;
  }
  // SQS's JSON protocol (as the SDK speaks it), through the small caller: no SDK client on a request path.
  const sqs = { signingName: 'sqs', targetPrefix: 'AmazonSQS', jsonVersion: '1.0' as const, region: env().AWS_REGION };
  for (let i = 0; i < unique.length; i += MAX_PATHS_PER_MESSAGE) {
    const message: InvalidationMessage = { paths: unique.slice(i, i + MAX_PATHS_PER_MESSAGE) };
    try {
      await awsJsonCall(sqs, awsCredentials, 'SendMessage', { QueueUrl: queueUrl, MessageBody: JSON.stringify(message) });
    } catch (err) {
      onFailure(message, err);
    }
  }
}
