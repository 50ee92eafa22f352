import { BatchGetCommand, BatchWriteCommand, DynamoDocument, QueryCommand, TransactWriteCommand } from './dynamo.ts';
import type { QueryCommandInput, QueryCommandOutput, TransactWriteCommandInput } from './dynamo.ts';
import { isAwsError } from './aws/call.ts';
import { awsCredentials } from './aws/credentials.ts';
import { env } from './env.ts';

export interface CapacityEntry {
  operation: string;
  capacityUnits: number;
}

/** Consumed capacity of every call since the last reset; filled only when TRACK_CAPACITY=1. */
export const capacityLog: CapacityEntry[] = [];

let doc: DynamoDocument | undefined;

/** The document client, made once per container on first use. */
export function db(): DynamoDocument {
  if (doc) return doc;
  const e = env();
  const local = { accessKeyId: 'local', secretAccessKey: 'local' };
  doc = new DynamoDocument({
    region: e.AWS_REGION,
    endpoint: e.DYNAMODB_ENDPOINT,
    credentials: e.DYNAMODB_ENDPOINT ? () => Promise.resolve(local) : awsCredentials,
    ...(e.TRACK_CAPACITY === '1' ? { onCapacity: (operation: string, capacityUnits: number) => { capacityLog.push({ operation, capacityUnits }); } } : {}),
  });
  return doc;
}

export function tableName(): string {
  return env().TABLE_NAME;
}

/** The pages of one Query one after another (follows LastEvaluatedKey), for work that must not hold them all at once. */
export async function* queryPages<T>(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): AsyncGenerator<T[]> {
  let start: QueryCommandOutput['LastEvaluatedKey'];
  do {
    const out = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    yield (out.Items ?? []) as T[];
    start = out.LastEvaluatedKey;
  } while (start);
}

/** Every item of one Query (all pages). */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'ExclusiveStartKey'>): Promise<T[]> {
  const items: T[] = [];
  for await (const page of queryPages<T>(input)) items.push(...page);
  return items;
}

export type ItemKey = Record<string, string>;

function chunks<T>(list: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** GetItem for many keys (BatchGetItem in chunks of 100, retrying unprocessed keys); missing items are left out. */
export async function batchGetAll<T>(keyList: ItemKey[], projection?: { expression: string; names: Record<string, string> }): Promise<T[]> {
  const items: T[] = [];
  for (const chunk of chunks(keyList, 100)) {
    let pending: ItemKey[] | undefined = chunk;
    for (let attempt = 0; pending?.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await db().send(new BatchGetCommand({
        RequestItems: {
          [tableName()]: {
            Keys: pending,
            ...(projection ? { ProjectionExpression: projection.expression, ExpressionAttributeNames: projection.names } : {}),
          },
        },
      }));
      items.push(...((out.Responses?.[tableName()] ?? []) as T[]));
      pending = out.UnprocessedKeys?.[tableName()]?.Keys as ItemKey[] | undefined;
    }
  }
  return items;
}

/** DeleteItem for many keys (BatchWriteItem in chunks of 25, retrying unprocessed ones). Deleting a missing item is no error. */
export async function batchDeleteAll(keyList: ItemKey[]): Promise<void> {
  for (const chunk of chunks(keyList, 25)) {
    let pending = chunk.map((Key) => ({ DeleteRequest: { Key } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 50 * 2 ** attempt)));
      const out = await db().send(new BatchWriteCommand({ RequestItems: { [tableName()]: pending } }));
      pending = (out.UnprocessedItems?.[tableName()] ?? []) as typeof pending;
    }
  }
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB refuses a transaction with more items than this. */
export const MAX_TRANSACT_ITEMS = 100;

/** Attempts of one transaction before a clash or a throttle is given up as an error. */
export const TRANSACT_ATTEMPTS = 8;

/** Cancellation reasons that say "not now" rather than "not so": worth another attempt. */
const RETRY_REASONS = new Set(['TransactionConflict', 'ThrottlingError', 'ProvisionedThroughputExceeded']);

/**
 * Runs a transaction. When a condition fails, `onConditionFailed` receives the index of the
 * first failed item so the caller can raise the matching German error. A clash with another
 * transaction on the same item (every card of a company ADDs to the one company item) or a
 * throttle is retried with capped, jittered backoff, as AWS recommends.
 */
export async function transact(items: TransactItem[], onConditionFailed: (index: number) => Error | Promise<Error>): Promise<void> {
  // node:crypto when a write needs it, not on every cold start (reading routes never load it).
  const { randomUUID } = process.getBuiltinModule('node:crypto') as typeof import('node:crypto');
  // The token makes a resend idempotent: the SDK resending after a lost response, or our resend
  // while that first attempt is still running (TransactionInProgress), cannot apply twice. A
  // cancelled attempt applied nothing, so the next one is a new transaction with a new token.
  let token = randomUUID();
  for (let attempt = 1; ; attempt++) {
    try {
      await db().send(new TransactWriteCommand({ TransactItems: items, ClientRequestToken: token }));
      return;
    } catch (err) {
      if (isAwsError(err, 'TransactionCanceledException')) {
        const reasons = (err as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
        const index = reasons.findIndex((r) => r.Code === 'ConditionalCheckFailed');
        if (index >= 0) throw await onConditionFailed(index);
        if (!reasons.some((r) => RETRY_REASONS.has(r.Code ?? ''))) throw err;
        token = randomUUID();
      } else if (!isAwsError(err, 'TransactionInProgressException')) throw err;
      if (attempt >= TRANSACT_ATTEMPTS) throw err;
      await new Promise((ok) => setTimeout(ok, Math.random() * Math.min(1000, 20 * 2 ** attempt)));
    }
  }
}

export function isConditionFailure(err: unknown): boolean {
  return isAwsError(err, 'ConditionalCheckFailedException');
}
