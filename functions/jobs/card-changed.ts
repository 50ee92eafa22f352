import type { DynamoDBStreamEvent } from 'aws-lambda';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { asCardChange } from '../domain/cards/card-change.ts';
import type { CardChange } from '../domain/cards/card-change.ts';
import { handleCardChanges } from '../domain/cards/handle-card-changes.ts';
import type { CardChangesResult } from '../domain/cards/handle-card-changes.ts';
import type { RetryOptions } from '../lib/retry.ts';

/** The changes in a batch of stream records (the event source's filter passes only new change items). */
export function changesOf(event: DynamoDBStreamEvent): CardChange[] {
  const out: CardChange[] = [];
  for (const record of event.Records) {
    if (record.eventName !== 'INSERT' || !record.dynamodb?.NewImage) continue;
    const change = asCardChange(unmarshall(record.dynamodb.NewImage as Record<string, AttributeValue>));
    if (change) out.push(change);
  }
  return out;
}

/**
 * Stream consumer (in AWS: the table's stream, filtered to new card changes, batched; locally:
 * functions/local/card-change-feed.ts reads DynamoDB Local's stream the same way). A throw makes
 * the event source deliver the batch again and, after its retries, send it to the dead-letter queue.
 */
export async function handler(event: DynamoDBStreamEvent): Promise<void> {
  await handleBatch(event);
}

/** The same with the retry timing chosen (the local feed; tests shorten it). */
export function handleBatch(event: DynamoDBStreamEvent, o: { retry?: RetryOptions } = {}): Promise<CardChangesResult> {
  return handleCardChanges({ changes: changesOf(event), ...(o.retry ? { retry: o.retry } : {}) });
}
