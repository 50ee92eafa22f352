import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { AwsError } from '../../functions/lib/aws/call.ts';
import type { TransactWriteCommand } from '../../functions/lib/dynamo.ts';
import { db, TRANSACT_ATTEMPTS, transact } from '../../functions/lib/db.ts';
import type { TransactItem } from '../../functions/lib/db.ts';

// DynamoDB Local runs transactions one after another, so its answers never exercise the retry
// paths; here the document client's `send` answers whatever each case needs.

beforeAll(() => {
  vi.stubEnv('TABLE_NAME', 'unit-test');
  vi.stubEnv('DYNAMODB_ENDPOINT', 'http://127.0.0.1:9');
  vi.stubEnv('UPLOADS_DIR', '/tmp/unused');
  vi.stubEnv('AUTH_SECRET', 'x'.repeat(32));
});
afterAll(() => vi.unstubAllEnvs());
afterEach(() => vi.restoreAllMocks());

const items: TransactItem[] = [
  { ConditionCheck: { TableName: 'unit-test', Key: { pk: 'A', sk: 'A' }, ConditionExpression: 'attribute_exists(pk)' } },
  { Update: { TableName: 'unit-test', Key: { pk: 'B', sk: 'B' }, UpdateExpression: 'ADD n :one', ExpressionAttributeValues: { ':one': 1 } } },
];

/** Errors as DynamoDB answers them (functions/lib/dynamo.ts puts the reasons on the error, as the SDK did). */
function cancelled(...codes: string[]) {
  const CancellationReasons = codes.map((Code) => ({ Code }));
  return Object.assign(new AwsError('TransactionCanceledException', 'Transaction cancelled', 400, { CancellationReasons }), { CancellationReasons });
}

const inProgress = () => new AwsError('TransactionInProgressException', 'in progress', 400);

/** Stubs `send` with one answer per call (an Error is thrown, anything else resolved) and records the tokens. */
function answers(...list: unknown[]) {
  const tokens: (string | undefined)[] = [];
  const send = vi.spyOn(db(), 'send').mockImplementation((async (command: TransactWriteCommand) => {
    tokens.push(command.input.ClientRequestToken);
    const next = list.shift();
    if (next instanceof Error) throw next;
    return {};
  }) as never);
  return { send, tokens };
}

describe('transact', () => {
  // No waiting between attempts.
  beforeEach(() => { vi.spyOn(Math, 'random').mockReturnValue(0); });

  test('a clash with another transaction is retried with a new token and then succeeds', async () => {
    const { send, tokens } = answers(cancelled('None', 'TransactionConflict'), {});
    const onFailed = vi.fn(() => new Error('condition'));
    await transact(items, onFailed);
    expect(send).toHaveBeenCalledTimes(2);
    expect(onFailed).not.toHaveBeenCalled();
    expect(tokens[0]).not.toBe(tokens[1]);
  });

  test('a throttled item is retried too', async () => {
    const { send } = answers(cancelled('ThrottlingError', 'None'), {});
    await transact(items, () => new Error('condition'));
    expect(send).toHaveBeenCalledTimes(2);
  });

  test('a failed condition wins over a clash elsewhere: its index is reported and nothing is retried', async () => {
    const { send } = answers(cancelled('ConditionalCheckFailed', 'TransactionConflict'), {});
    const onFailed = vi.fn(() => new Error('schon vergeben'));
    await expect(transact(items, onFailed)).rejects.toThrow('schon vergeben');
    expect(onFailed).toHaveBeenCalledWith(0);
    expect(send).toHaveBeenCalledTimes(1);
  });

  test('a transaction still in progress is resent with the same token, so it cannot apply twice', async () => {
    const { send, tokens } = answers(inProgress(), inProgress(), {});
    await transact(items, () => new Error('condition'));
    expect(send).toHaveBeenCalledTimes(3);
    expect(new Set(tokens).size).toBe(1);
  });

  test(`clashes in every one of ${TRANSACT_ATTEMPTS} attempts give up with the DynamoDB error`, async () => {
    const { send } = answers(...Array.from({ length: TRANSACT_ATTEMPTS + 1 }, () => cancelled('TransactionConflict')));
    await expect(transact(items, () => new Error('condition'))).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(send).toHaveBeenCalledTimes(TRANSACT_ATTEMPTS);
  });

  test('another cancellation reason is not retried', async () => {
    const { send } = answers(cancelled('ValidationError'), {});
    await expect(transact(items, () => new Error('condition'))).rejects.toMatchObject({ name: 'TransactionCanceledException' });
    expect(send).toHaveBeenCalledTimes(1);
  });

  test('an error that is no cancellation is not retried', async () => {
    const { send } = answers(new Error('network down'), {});
    await expect(transact(items, () => new Error('condition'))).rejects.toThrow('network down');
    expect(send).toHaveBeenCalledTimes(1);
  });
});
