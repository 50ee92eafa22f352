import { GetCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { invalidateOrThrow } from '../../lib/cdn/invalidate.ts';
import { log } from '../../lib/log.ts';
import { DEFAULT_RETRY } from '../../lib/retry.ts';
import type { RetryOptions } from '../../lib/retry.ts';
import { updatePasses } from '../wallet/update-passes.ts';
import type { CardChange } from './card-change.ts';
import { cdnPathsOf } from './invalidate-cards.ts';

export interface CardChangesResult {
  /** Changes of the batch not handled before (a redelivery finds them done). */
  handled: number;
  skipped: number;
  invalidatedPaths: number;
  /** Apple passes built and stored (the rest were current or deferred: see the job's log). */
  passesBuilt: number;
  pushes: number;
  removedTokens: number;
  googleUpdates: number;
}

/** Raised when part of a batch failed after its retries: the batch is delivered again (AWS: then dead-lettered). */
export class CardChangeFailure extends Error {
  readonly failures: string[];
  constructor(failures: string[]) {
    super(`card-changed: ${failures.length} part(s) failed: ${failures.slice(0, 5).join('; ')}`);
    this.name = 'CardChangeFailure';
    this.failures = failures;
  }
}

async function isDone(change: CardChange): Promise<boolean> {
  const out = await db().send(new GetCommand({
    TableName: tableName(), Key: keys.cardChange(change.changeId), ConsistentRead: true, ProjectionExpression: 'doneAt',
  }));
  return out.Item?.doneAt !== undefined;
}

async function markDone(change: CardChange, now: number): Promise<void> {
  // The paths an erasure named (its images' file names) go once handled: an erased holder leaves nothing behind.
  await db().send(new UpdateCommand({
    TableName: tableName(), Key: keys.cardChange(change.changeId), UpdateExpression: 'SET doneAt = :now REMOVE paths', ExpressionAttributeValues: { ':now': now },
  }));
}

/**
 * The `card-changed` job's work for one batch: the CDN paths of every card the changes touch
 * (a profile: its cards, a company: all of them), the installed passes' stamps and one push per
 * device, the Google objects. A change handled before (its item says `doneAt`) is skipped, so a
 * redelivered batch sends nothing twice; pushes already accepted are not repeated either (each
 * registration records the change it was pushed for). When anything still fails after its
 * retries the changes stay open and this throws, so the batch comes back.
 */
export async function handleCardChanges(o: { changes: CardChange[]; retry?: RetryOptions }): Promise<CardChangesResult> {
  const retry = o.retry ?? DEFAULT_RETRY;
  const unique = [...new Map(o.changes.map((c) => [c.changeId, c])).values()];
  const open = (await Promise.all(unique.map(async (c) => ((await isDone(c)) ? undefined : c)))).filter((c): c is CardChange => c !== undefined);
  const result: CardChangesResult = { handled: 0, skipped: unique.length - open.length, invalidatedPaths: 0, passesBuilt: 0, pushes: 0, removedTokens: 0, googleUpdates: 0 };
  if (!open.length) return result;
  const paths = await cdnPathsOf(open);
  await invalidateOrThrow(paths);
  result.invalidatedPaths = paths.length;
  const passes = await updatePasses({ changes: open, retry });
  result.passesBuilt = passes.passes.built;
  result.pushes = passes.pushes;
  result.removedTokens = passes.removedTokens;
  result.googleUpdates = passes.googleUpdates;
  if (passes.failures.length) {
    log('error', 'card-changed batch failed in part: it is retried, then dead-lettered (see docs/deploy.md, alarm CardChangedDeadLetters)', { failures: passes.failures.slice(0, 10), ...result });
    throw new CardChangeFailure(passes.failures);
  }
  const now = Date.now();
  await Promise.all(open.map((c) => markDone(c, now)));
  result.handled = open.length;
  log('info', 'card-changed batch handled', { ...result, passes: passes.passes });
  return result;
}
