import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { env } from '../lib/env.ts';
import { mergeCdnLogs } from '../domain/statistics/merge-cdn-logs.ts';
import type { LogSource, MergeResult } from '../domain/statistics/merge-cdn-logs.ts';
import { logLines } from '../domain/statistics/parse-cdn-log.ts';
import { CDN_LOG_PREFIX } from '../../shared/api/needs.ts';
import type { Context } from 'aws-lambda';

let s3: S3Client | undefined;

/** What the job needs of S3 (a test hands in a stand-in). */
export type LogStore = Pick<S3Client, 'send'>;

/** CloudFront's log files under the prefix, oldest first (their keys start with the distribution id and the hour). */
export function bucketLogSource(o: { s3: LogStore; bucket: string; prefix: string }): LogSource {
  return {
    id: `${o.bucket}/${o.prefix}`,
    async list(limit) {
      const out = await o.s3.send(new ListObjectsV2Command({ Bucket: o.bucket, Prefix: o.prefix, MaxKeys: limit }));
      return (out.Contents ?? []).map((c) => c.Key!).filter((k) => !k.endsWith('/'));
    },
    async read(key) {
      try {
        const out = await o.s3.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        return logLines(out.Body as Readable);
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async remove(key) {
      await o.s3.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
  };
}

/**
 * Scheduled (infra/jobs.ts): counts the card views and saves of every CloudFront log file waiting
 * in the log bucket, in batches (one write per card and day and batch, however many files), then
 * deletes the files: they hold visitors' addresses and user agents the statistics do not keep
 * (DSGVO; docs/statistics.md). A run that fails leaves its batch open; the next run resumes it.
 */
export async function handler(_event: unknown, context: Pick<Context, 'getRemainingTimeInMillis'>): Promise<MergeResult> {
  const bucket = env().CDN_LOG_BUCKET;
  if (!bucket) throw new Error('CDN_LOG_BUCKET is not set: the stack passes the log bucket name to the cdn-log-merge job (infra/stack.ts).');
  s3 ??= new S3Client({ region: env().AWS_REGION });
  // The lease outlives this run (Lambda stops it at its timeout), so no run resumes a batch a live run still works on.
  const leaseSeconds = Math.ceil(context.getRemainingTimeInMillis() / 1000) + 60;
  return mergeCdnLogs({ source: bucketLogSource({ s3, bucket, prefix: CDN_LOG_PREFIX }), leaseSeconds });
}
