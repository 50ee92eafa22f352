import { marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import type {
  BatchGetCommandInput, BatchGetCommandOutput, BatchWriteCommandInput, BatchWriteCommandOutput, DeleteCommandInput,
  DeleteCommandOutput, GetCommandInput, GetCommandOutput, PutCommandInput, PutCommandOutput, QueryCommandInput,
  QueryCommandOutput, ScanCommandInput, ScanCommandOutput, TransactGetCommandInput, TransactGetCommandOutput,
  TransactWriteCommandInput, TransactWriteCommandOutput, UpdateCommandInput, UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { AwsError, awsJsonCall } from './aws/call.ts';
import type { AwsService } from './aws/call.ts';
import type { Credentials } from './aws/sigv4.ts';

// DynamoDB with plain JavaScript values, the way @aws-sdk/lib-dynamodb's document client works
// (same command names, inputs and outputs, same marshalling by @aws-sdk/util-dynamodb with
// `removeUndefinedValues`), on the small JSON-protocol caller of ./aws/call.ts instead of the
// SDK client, whose import and first call cost a cold start about 50 ms of CPU (docs/decisions.md).
// Types only from lib-dynamodb: nothing of the SDK client is loaded.

type Item = Record<string, unknown>;
type Wire = Record<string, AttributeValue>;

const toWire = (item: Item | undefined): Wire | undefined => (item ? marshall(item, { removeUndefinedValues: true }) : undefined);

/**
 * One attribute value as `unmarshall` gives it. The kinds every read is made of (strings, maps,
 * lists, safe numbers, booleans, null) are converted here, without util-dynamodb's
 * `Object.entries` per value (a public card's three items: about 10 µs of CPU per request, four
 * times less); every other kind (binary, sets, numbers beyond 2^53) goes to util-dynamodb itself,
 * so the answers stay the same (test/unit/dynamo-unmarshall.test.ts).
 */
function nativeOf(v: AttributeValue): unknown {
  if (v.S !== undefined) return v.S;
  if (v.M !== undefined) return mapOf(v.M);
  if (v.N !== undefined) {
    const n = Number(v.N);
    if (n <= Number.MAX_SAFE_INTEGER && n >= Number.MIN_SAFE_INTEGER) return n;
  } else if (v.BOOL !== undefined) return Boolean(v.BOOL);
  else if (v.L !== undefined) return v.L.map(nativeOf);
  else if (v.NULL !== undefined) return null;
  return unmarshall(v, { convertWithoutMapWrapper: true });
}

function mapOf(m: Wire): Item {
  const out: Item = {};
  for (const k in m) out[k] = nativeOf(m[k]!);
  return out;
}

export const fromWire = (item: Wire | undefined): Item | undefined => (item ? mapOf(item) : undefined);

/** Applies `f` to the listed keys of `o` that are present. */
function mapKeys<T extends object>(o: T, keys: readonly string[], f: (v: never) => unknown): T {
  const out = { ...o } as Record<string, unknown>;
  for (const k of keys) if (out[k] !== undefined) out[k] = f(out[k] as never);
  return out as T;
}

const ITEM_KEYS = ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;
const toWireParts = <T extends object>(o: T) => mapKeys(o, ITEM_KEYS, toWire);

/** What one operation sends and answers: its input and output marshalled per the document client's rules. */
interface Operation<In, Out> {
  name: string;
  input: (i: In) => unknown;
  output: (o: Record<string, unknown>) => Out;
}

abstract class Command<In, Out> {
  abstract readonly operation: Operation<In, Out>;
  readonly input: In;
  constructor(input: In) {
    this.input = input;
  }
}

const simple = <In extends object, Out>(name: string, outKeys: readonly string[]): Operation<In, Out> => ({
  name,
  input: toWireParts,
  output: (o) => mapKeys(o, outKeys, (v: Wire) => fromWire(v)) as Out,
});

const getItem = simple<GetCommandInput, GetCommandOutput>('GetItem', ['Item']);
const putItem = simple<PutCommandInput, PutCommandOutput>('PutItem', ['Attributes']);
const updateItem = simple<UpdateCommandInput, UpdateCommandOutput>('UpdateItem', ['Attributes']);
const deleteItem = simple<DeleteCommandInput, DeleteCommandOutput>('DeleteItem', ['Attributes']);
const listOutput = (o: Record<string, unknown>) => ({
  ...o,
  ...(o.Items ? { Items: (o.Items as Wire[]).map((i) => fromWire(i)) } : {}),
  ...(o.LastEvaluatedKey ? { LastEvaluatedKey: fromWire(o.LastEvaluatedKey as Wire) } : {}),
});
const query: Operation<QueryCommandInput, QueryCommandOutput> = { name: 'Query', input: toWireParts, output: (o) => listOutput(o) as QueryCommandOutput };
const scan: Operation<ScanCommandInput, ScanCommandOutput> = { name: 'Scan', input: toWireParts, output: (o) => listOutput(o) as ScanCommandOutput };

const perTable = <V, W>(tables: Record<string, V> | undefined, f: (v: V) => W) =>
  tables ? Object.fromEntries(Object.entries(tables).map(([t, v]) => [t, f(v)])) : undefined;

const batchGet: Operation<BatchGetCommandInput, BatchGetCommandOutput> = {
  name: 'BatchGetItem',
  input: (i) => ({ ...i, RequestItems: perTable(i.RequestItems, (r) => ({ ...r, Keys: r.Keys?.map((k) => toWire(k)) })) }),
  output: (o) => ({
    ...o,
    Responses: perTable(o.Responses as Record<string, Wire[]> | undefined, (items) => items.map((i) => fromWire(i)!)),
    UnprocessedKeys: perTable(o.UnprocessedKeys as Record<string, { Keys?: Wire[] }> | undefined, (r) => ({ ...r, Keys: r.Keys?.map((k) => fromWire(k)!) })),
  }) as BatchGetCommandOutput,
};

type WriteRequest = { PutRequest?: { Item?: Item }; DeleteRequest?: { Key?: Item } };
type WireWriteRequest = { PutRequest?: { Item?: Wire }; DeleteRequest?: { Key?: Wire } };
const batchWrite: Operation<BatchWriteCommandInput, BatchWriteCommandOutput> = {
  name: 'BatchWriteItem',
  input: (i) => ({
    ...i,
    RequestItems: perTable(i.RequestItems as Record<string, WriteRequest[]> | undefined, (list) => list.map((w) => ({
      ...(w.PutRequest ? { PutRequest: { ...w.PutRequest, Item: toWire(w.PutRequest.Item) } } : {}),
      ...(w.DeleteRequest ? { DeleteRequest: { ...w.DeleteRequest, Key: toWire(w.DeleteRequest.Key) } } : {}),
    }))),
  }),
  output: (o) => ({
    ...o,
    UnprocessedItems: perTable(o.UnprocessedItems as Record<string, WireWriteRequest[]> | undefined, (list) => list.map((w) => ({
      ...(w.PutRequest ? { PutRequest: { Item: fromWire(w.PutRequest.Item) } } : {}),
      ...(w.DeleteRequest ? { DeleteRequest: { Key: fromWire(w.DeleteRequest.Key) } } : {}),
    }))),
  }) as BatchWriteCommandOutput,
};

const transactWrite: Operation<TransactWriteCommandInput, TransactWriteCommandOutput> = {
  name: 'TransactWriteItems',
  input: (i) => ({
    ...i,
    TransactItems: i.TransactItems?.map((t) => Object.fromEntries(Object.entries(t).map(([kind, part]) => [kind, part ? toWireParts(part as object) : part]))),
  }),
  output: (o) => o as TransactWriteCommandOutput,
};

const transactGet: Operation<TransactGetCommandInput, TransactGetCommandOutput> = {
  name: 'TransactGetItems',
  input: (i) => ({ ...i, TransactItems: i.TransactItems?.map((t) => ({ ...t, Get: t.Get ? toWireParts(t.Get) : t.Get })) }),
  output: (o) => ({ ...o, Responses: (o.Responses as { Item?: Wire }[] | undefined)?.map((r) => ({ ...r, Item: fromWire(r.Item) })) }) as TransactGetCommandOutput,
};

export interface DescribeTableInput { TableName: string }
export interface DescribeTableOutput { Table?: { TableName?: string; TableStatus?: string; [k: string]: unknown } }
const describeTable: Operation<DescribeTableInput, DescribeTableOutput> = { name: 'DescribeTable', input: (i) => i, output: (o) => o as DescribeTableOutput };

export class GetCommand extends Command<GetCommandInput, GetCommandOutput> { readonly operation = getItem; }
export class PutCommand extends Command<PutCommandInput, PutCommandOutput> { readonly operation = putItem; }
export class UpdateCommand extends Command<UpdateCommandInput, UpdateCommandOutput> { readonly operation = updateItem; }
export class DeleteCommand extends Command<DeleteCommandInput, DeleteCommandOutput> { readonly operation = deleteItem; }
export class QueryCommand extends Command<QueryCommandInput, QueryCommandOutput> { readonly operation = query; }
export class ScanCommand extends Command<ScanCommandInput, ScanCommandOutput> { readonly operation = scan; }
export class BatchGetCommand extends Command<BatchGetCommandInput, BatchGetCommandOutput> { readonly operation = batchGet; }
export class BatchWriteCommand extends Command<BatchWriteCommandInput, BatchWriteCommandOutput> { readonly operation = batchWrite; }
export class TransactWriteCommand extends Command<TransactWriteCommandInput, TransactWriteCommandOutput> { readonly operation = transactWrite; }
export class TransactGetCommand extends Command<TransactGetCommandInput, TransactGetCommandOutput> { readonly operation = transactGet; }
export class DescribeTableCommand extends Command<DescribeTableInput, DescribeTableOutput> { readonly operation = describeTable; }

export type {
  BatchGetCommandInput, BatchGetCommandOutput, BatchWriteCommandInput, BatchWriteCommandOutput, DeleteCommandInput,
  DeleteCommandOutput, GetCommandInput, GetCommandOutput, PutCommandInput, PutCommandOutput, QueryCommandInput,
  QueryCommandOutput, ScanCommandInput, ScanCommandOutput, TransactGetCommandInput, TransactGetCommandOutput,
  TransactWriteCommandInput, TransactWriteCommandOutput, UpdateCommandInput, UpdateCommandOutput,
};

/** Operations that can report the capacity they consumed. */
const REPORTS_CAPACITY = new Set(['GetItem', 'PutItem', 'UpdateItem', 'DeleteItem', 'Query', 'Scan', 'BatchGetItem', 'BatchWriteItem', 'TransactWriteItems', 'TransactGetItems']);

export interface DynamoOptions {
  region: string;
  /** DynamoDB Local's URL; unset: the region's DynamoDB endpoint. */
  endpoint?: string | undefined;
  credentials: () => Promise<Credentials>;
  /** Asks every call for its consumed capacity and reports it (`operation` as the SDK names its commands: `GetItemCommand`). */
  onCapacity?: (operation: string, capacityUnits: number) => void;
}

/** Error answers carry DynamoDB's exception name; `CancellationReasons[].Item` and `Item` come back unmarshalled. */
function documentError(err: unknown): unknown {
  if (!(err instanceof AwsError)) return err;
  const d = err.details as { CancellationReasons?: { Code?: string; Message?: string; Item?: Wire }[]; Item?: Wire };
  const out = err as AwsError & { CancellationReasons?: unknown; Item?: unknown };
  if (d.CancellationReasons) out.CancellationReasons = d.CancellationReasons.map((r) => ({ ...r, Item: fromWire(r.Item) }));
  if (d.Item) out.Item = fromWire(d.Item);
  return out;
}

/** The document client: `send(new GetCommand({ … }))` as with lib-dynamodb. */
export class DynamoDocument {
  private readonly service: AwsService;
  private readonly options: DynamoOptions;
  constructor(options: DynamoOptions) {
    this.options = options;
    this.service = { signingName: 'dynamodb', targetPrefix: 'DynamoDB_20120810', jsonVersion: '1.0', endpoint: options.endpoint, region: options.region };
  }

  async send<In, Out>(command: Command<In, Out>): Promise<Out> {
    const op = command.operation;
    const wire = op.input(command.input) as Record<string, unknown>;
    const track = this.options.onCapacity && REPORTS_CAPACITY.has(op.name);
    if (track) wire.ReturnConsumedCapacity ??= 'TOTAL';
    let answer: Record<string, unknown>;
    try {
      answer = await awsJsonCall<Record<string, unknown>>(this.service, this.options.credentials, op.name, wire);
    } catch (err) {
      throw documentError(err);
    }
    if (track) {
      const consumed = answer.ConsumedCapacity as { CapacityUnits?: number } | { CapacityUnits?: number }[] | undefined;
      const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
      this.options.onCapacity!(`${op.name}Command`, list.reduce((sum, c) => sum + (c.CapacityUnits ?? 0), 0));
    }
    return op.output(answer);
  }
}
