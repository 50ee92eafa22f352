import { CloudFrontClient, CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import type { SQSEvent } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { env } from '../lib/env.ts';
import { log } from '../lib/log.ts';
import { normalizePaths } from '../lib/cdn/invalidate.ts';
import type { InvalidationMessage } from '../lib/cdn/invalidate.ts';

/** CloudFront's limit per invalidation request. */
const MAX_PATHS = 3000;

/**
 * CloudFront allows only 15 wildcard paths in progress per distribution (3000 exact ones); one
 * batch uses at most this many, leaving room for a batch still in progress and for deploys.
 */
export const WILDCARD_BUDGET = 7;

/** `/a/b/c*` -> `/a/b/*`, `/a/b/*` -> `/a/*`, `/a/*` -> `/*`. */
export function widen(path: string): string {
  if (path === '/*') return path;
  const dir = path.endsWith('/*') ? path.slice(0, -2) : path;
  return `${dir.slice(0, dir.lastIndexOf('/') + 1)}*`;
}

function covers(wildcard: string, path: string): boolean {
  return path !== wildcard && path.startsWith(wildcard.slice(0, -1));
}

/**
 * Fewer paths with the same effect: wildcard paths are widened to their common folders until at
 * most WILDCARD_BUDGET remain (a company's 20 images become `/api/upload/<field>/*`, or
 * `/api/upload/*`), and every path a remaining wildcard covers is dropped.
 */
export function consolidatePaths(paths: readonly string[], budget = WILDCARD_BUDGET): string[] {
  let wild = [...new Set(paths.filter((p) => p.endsWith('*')))];
  while (wild.length > budget) wild = [...new Set(wild.map(widen))];
  wild = wild.filter((w) => !wild.some((other) => covers(other, w)));
  const exact = [...new Set(paths.filter((p) => !p.endsWith('*')))].filter((p) => !wild.some((w) => covers(w, p)));
  return [...wild, ...exact];
}

let cloudfront: CloudFrontClient | undefined;

/** Every path of a batch of queue messages, once; a malformed message is logged and skipped (retrying it cannot help). */
export function pathsOf(event: SQSEvent): string[] {
  const all: string[] = [];
  for (const record of event.Records) {
    try {
      const message = JSON.parse(record.body) as InvalidationMessage;
      all.push(...normalizePaths(message.paths));
    } catch (err) {
      log('error', 'cdn invalidation message skipped: not { paths: ["/..."] }', { messageId: record.messageId, error: String(err) });
    }
  }
  return normalizePaths(all);
}

/**
 * Queue consumer: one CloudFront invalidation per batch (the event source collects messages for
 * a few seconds), so a burst of edits costs one invalidation, not one per edit. A failure throws:
 * SQS delivers the batch again and, after repeated failures, parks it in the dead-letter queue.
 */
export async function handler(event: SQSEvent): Promise<void> {
  const paths = consolidatePaths(pathsOf(event));
  if (!paths.length) return;
  const distributionId = env().DISTRIBUTION_ID;
  if (!distributionId) throw new Error('DISTRIBUTION_ID fehlt: der Invalidierungsjob weiß nicht, welche CloudFront-Verteilung er leeren soll');
  cloudfront ??= new CloudFrontClient({ region: env().AWS_REGION });
  for (let i = 0; i < paths.length; i += MAX_PATHS) {
    const items = paths.slice(i, i + MAX_PATHS);
    // Same batch delivered again -> same reference -> CloudFront does not invalidate twice.
    const reference = createHash('sha256').update(event.Records.map((r) => r.messageId).join(',') + `#${i}`).digest('hex').slice(0, 32);
    await cloudfront.send(new CreateInvalidationCommand({
      DistributionId: distributionId,
      InvalidationBatch: { CallerReference: reference, Paths: { Quantity: items.length, Items: items } },
    }));
    log('info', 'cdn invalidation created', { paths: items.length, reference });
  }
}
