import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import type { Readable } from 'node:stream';
import { env } from '../lib/env.ts';
import { log } from '../lib/log.ts';
import { aggregateCdnLog } from '../domain/statistics/aggregate-cdn-log.ts';
import { logLines } from '../domain/statistics/parse-cdn-log.ts';

let s3: S3Client | undefined;

/** S3 notifications URL-encode keys ('+' for spaces); EventBridge's events may carry them as they are. CloudFront's names need neither. */
function objectKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

/** What the job needs of S3 (a test hands in a stand-in). */
export type LogStore = Pick<S3Client, 'send'>;

/**
 * Counts one log object and deletes it. Answers false when the object is gone: an earlier delivery
 * of the same event counted and deleted it.
 */
export async function countLogObject(o: { s3: LogStore; bucket: string; key: string }): Promise<boolean> {
  let body: Readable;
  try {
    const out = await o.s3.send(new GetObjectCommand({ Bucket: o.bucket, Key: o.key }));
    body = out.Body as Readable;
  } catch (err) {
    if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') {
      log('info', 'cdn log already counted and deleted', { key: o.key });
      return false;
    }
    throw err;
  }
  await aggregateCdnLog({ fileId: `${o.bucket}/${o.key}`, lines: logLines(body) });
  await o.s3.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: o.key }));
  return true;
}

/**
 * A new CloudFront standard log file in the log bucket: count its views and saves, then delete it,
 * because it holds visitors' addresses and user agents that the statistics do not keep (DSGVO;
 * docs/statistics.md). S3 may deliver an event twice: the counts are idempotent per file, and a
 * file already deleted was already counted. A failure throws, so Lambda retries the event.
 */
export async function handler(event: S3Event): Promise<void> {
  s3 ??= new S3Client({ region: env().AWS_REGION });
  for (const record of event.Records) {
    await countLogObject({ s3, bucket: record.s3.bucket.name, key: objectKey(record.s3.object.key) });
  }
}
