import { appendFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { handleBatch } from '../jobs/card-changed.ts';
import { CARD_CHANGED_SOURCE, isCardChangeRecord } from '../jobs/card-changed-source.ts';
import { backoffMs, DEFAULT_RETRY } from '../lib/retry.ts';
import type { RetryOptions } from '../lib/retry.ts';
import { log } from '../lib/log.ts';
import { awsJsonCall } from '../lib/aws/call.ts';
import type { AwsService } from '../lib/aws/call.ts';

// The local stand-in for the event source that feeds the `card-changed` job in AWS: it reads the
// table's stream in DynamoDB Local (the same records Lambda gets), keeps the same filter, batch
// size and retries, and calls the same handler. A batch that still fails is "dead-lettered": kept
// in `deadLetters`, appended to DATA_DIR/dead-letter/card-changed.jsonl and logged as an error
// (the alarm's stand-in). So `npm start` behaves like AWS: a change shows on the next load and an
// installed pass gets its push, without the request waiting for either.

export interface DeadLetter {
  at: string;
  changeIds: string[];
  error: string;
}

export interface CardChangeFeed {
  /** Handles everything the stream holds now (tests: after a write, before looking at its effects). */
  drain(): Promise<void>;
  readonly deadLetters: readonly DeadLetter[];
  /** Batches handled (each attempt of a retried batch counts once here: attempts are in `attempts`). */
  readonly batches: number;
  readonly attempts: number;
  stop(): Promise<void>;
}

export interface FeedOptions {
  endpoint: string;
  tableName: string;
  /** How often the stream is read when idle (ms). */
  pollMs?: number;
  /** Retry timing inside one attempt of the job (pushes, Google calls). */
  retry?: RetryOptions;
  /** Backoff between deliveries of a failed batch (ms base; AWS: the event source's own backoff). */
  redeliveryBaseMs?: number;
  /** Where dead letters are appended (a folder); none: only kept in memory and logged. */
  deadLetterDir?: string | undefined;
}

/** DynamoDB Local's Streams API through the same signed JSON caller as every DynamoDB call. */
function streamsCaller(endpoint: string) {
  const service: AwsService = { signingName: 'dynamodb', targetPrefix: 'DynamoDBStreams_20120810', jsonVersion: '1.0', endpoint, region: 'eu-central-1' };
  const local = () => Promise.resolve({ accessKeyId: 'local', secretAccessKey: 'local' });
  return <T>(action: string, input: unknown) => awsJsonCall<T>(service, local, action, input);
}

export function startCardChangeFeed(o: FeedOptions): CardChangeFeed {
  const pollMs = o.pollMs ?? 500;
  const retry = o.retry ?? DEFAULT_RETRY;
  const deadLetters: DeadLetter[] = [];
  const streamsCall = streamsCaller(o.endpoint);
  let streamArn: string | undefined;
  /** Shard -> next iterator; null once the shard is closed and read to its end. */
  const shards = new Map<string, string | null>();
  let stopped = false;
  let batches = 0;
  let attempts = 0;
  let timer: NodeJS.Timeout | undefined;
  let describeIn = 0;
  let chain: Promise<number> = Promise.resolve(0);

  async function readRecords(): Promise<DynamoDBRecord[]> {
    if (!streamArn) {
      const list = await streamsCall<{ Streams?: { StreamArn: string }[] }>('ListStreams', { TableName: o.tableName });
      streamArn = list.Streams?.at(-1)?.StreamArn;
      if (!streamArn) return [];
    }
    // New shards appear rarely (DynamoDB Local rolls them over hours): looked for now and then, and whenever one closed.
    if (describeIn-- <= 0 || ![...shards.values()].some(Boolean)) {
      describeIn = 20;
      const desc = await streamsCall<{ StreamDescription: { Shards?: { ShardId: string }[] } }>('DescribeStream', { StreamArn: streamArn });
      for (const shard of desc.StreamDescription.Shards ?? []) {
        if (shards.has(shard.ShardId)) continue;
        const it = await streamsCall<{ ShardIterator: string }>('GetShardIterator', { StreamArn: streamArn, ShardId: shard.ShardId, ShardIteratorType: 'TRIM_HORIZON' });
        shards.set(shard.ShardId, it.ShardIterator);
      }
    }
    const records: DynamoDBRecord[] = [];
    for (const [shardId, iterator] of shards) {
      let next: string | null | undefined = iterator;
      while (next) {
        let out: { Records?: DynamoDBRecord[]; NextShardIterator?: string };
        try {
          out = await streamsCall('GetRecords', { ShardIterator: next, Limit: 1000 });
        } catch (err) {
          // An expired iterator: read the shard again from its start (handled changes are skipped).
          log('warn', 'local card-change feed: shard read again from its start', { shardId, error: String(err) });
          shards.delete(shardId);
          next = undefined;
          break;
        }
        records.push(...(out.Records ?? []));
        next = out.NextShardIterator ?? null;
        shards.set(shardId, next);
        if (!out.Records?.length) break;
      }
    }
    return records;
  }

  async function deliver(batch: DynamoDBRecord[]): Promise<void> {
    batches += 1;
    const event: DynamoDBStreamEvent = { Records: batch };
    for (let n = 1; ; n++) {
      attempts += 1;
      try {
        await handleBatch(event, { retry });
        return;
      } catch (err) {
        if (n > CARD_CHANGED_SOURCE.retryAttempts) {
          const letter: DeadLetter = {
            at: new Date().toISOString(),
            changeIds: batch.map((r) => r.dynamodb?.NewImage?.changeId?.S ?? '?'),
            error: err instanceof Error ? err.message : String(err),
          };
          deadLetters.push(letter);
          log('error', 'ALARM card-changed: a batch failed after its retries and was dead-lettered; fix the cause (see the error), the changes stay open', { ...letter });
          if (o.deadLetterDir) {
            await mkdir(o.deadLetterDir, { recursive: true });
            await appendFile(join(o.deadLetterDir, 'card-changed.jsonl'), `${JSON.stringify(letter)}\n`);
          }
          return;
        }
        await new Promise((ok) => setTimeout(ok, backoffMs({ ...retry, baseMs: o.redeliveryBaseMs ?? 1000 }, n + 1)));
      }
    }
  }

  /** One read of the stream and the job for what it held; answers the number of changes delivered. */
  async function cycle(): Promise<number> {
    const changes = (await readRecords()).filter(isCardChangeRecord);
    for (let i = 0; i < changes.length; i += CARD_CHANGED_SOURCE.batchSize) await deliver(changes.slice(i, i + CARD_CHANGED_SOURCE.batchSize));
    return changes.length;
  }

  const run = () => {
    chain = chain.then(cycle, () => 0).catch((err: unknown) => {
      log('error', 'local card-change feed: reading the stream failed; retrying', { error: err instanceof Error ? err.message : String(err) });
      return 0;
    });
    return chain;
  };

  const tick = () => {
    if (stopped) return;
    void run().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  timer = setTimeout(tick, 0);

  return {
    async drain() {
      // Until a read finds nothing new (the job's own writes are no new changes, but a handled change may have made some).
      for (let i = 0; i < 20; i++) if ((await run()) === 0) return;
    },
    get deadLetters() { return deadLetters; },
    get batches() { return batches; },
    get attempts() { return attempts; },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await chain.catch(() => undefined);
    },
  };
}
