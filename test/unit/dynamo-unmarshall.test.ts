import { describe, expect, test } from 'vitest';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { fromWire } from '../../functions/lib/dynamo.ts';

// The document client converts the kinds every read is made of itself (functions/lib/dynamo.ts,
// for the CPU of each request) and leaves the rest to util-dynamodb: judged here by util-dynamodb's
// own `unmarshall`, which the document client used for every item before.
describe('DynamoDB items as plain values', () => {
  const item: Record<string, AttributeValue> = {
    pk: { S: 'PROFILE#1' },
    empty: { S: '' },
    count: { N: '42' },
    negative: { N: '-7.25' },
    safeEdge: { N: String(Number.MAX_SAFE_INTEGER) },
    big: { N: '12345678901234567890' },
    isActive: { BOOL: true },
    off: { BOOL: false },
    gone: { NULL: true },
    settings: { M: { card: { M: { theme: { S: 'classic' }, size: { N: '3' } } }, flags: { L: [{ BOOL: true }, { NULL: true }] } } },
    adressen: { L: [{ M: { adresseId: { S: 'a1' }, 'straße': { S: 'Hauptstraße 1' } } }, { L: [] }] },
    tags: { SS: ['a', 'b'] },
    scores: { NS: ['1', '2.5'] },
    blob: { B: new Uint8Array([1, 2, 3]) },
    blobs: { BS: [new Uint8Array([4])] },
    emptyMap: { M: {} },
  };

  test('every kind as util-dynamodb gives it: strings, numbers (BigInt beyond 2^53), booleans, null, maps, lists, sets, binary', () => {
    const ours = fromWire(item)!;
    expect(ours).toEqual(unmarshall(item));
    expect(typeof ours.big).toBe('bigint');
    expect(ours.tags).toBeInstanceOf(Set);
    expect(Object.keys(ours)).toEqual(Object.keys(unmarshall(item)));
  });

  test('a value of no known kind fails as util-dynamodb fails', () => {
    const odd = { x: { Q: 'what' } as unknown as AttributeValue };
    expect(() => fromWire(odd)).toThrow(/Unsupported type passed: Q/);
    expect(() => unmarshall(odd)).toThrow(/Unsupported type passed: Q/);
  });

  test('no item stays no item', () => {
    expect(fromWire(undefined)).toBeUndefined();
  });
});
