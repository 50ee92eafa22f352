// Read by infra at synth time and by the local feed: pure data, nothing of the server imported.
import type { DynamoDBRecord } from 'aws-lambda';

/** The item type of a card change (functions/domain/cards/card-change.ts); the stream filter passes only these. */
export const CARD_CHANGE_TYPE = 'cardChange';

/**
 * How the `card-changed` job is fed, once for both runtimes: the CDK stack's event source mapping
 * on the table's stream (infra) and the local feed (functions/local/card-change-feed.ts).
 */
export const CARD_CHANGED_SOURCE = {
  /** Only new change items (their TTL removal and the job's `doneAt` are no changes). */
  filter: { eventName: ['INSERT'], dynamodb: { NewImage: { type: { S: [CARD_CHANGE_TYPE] } } } },
  batchSize: 100,
  /** Seconds the event source collects changes before it calls the job: a burst of edits is one batch. */
  maxBatchingWindowSeconds: 5,
  /** Deliveries after the first before a failing batch goes to the dead-letter queue. */
  retryAttempts: 3,
} as const;

/** The filter above, applied to one record (the local feed; in AWS the event source applies it). */
export function isCardChangeRecord(r: DynamoDBRecord): boolean {
  return r.eventName === 'INSERT' && r.dynamodb?.NewImage?.type?.S === CARD_CHANGE_TYPE;
}
