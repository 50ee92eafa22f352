import { describe, expect, test } from 'vitest';
import { decodeCursor, encodeCursor } from '../../functions/lib/cursor.ts';
import { ValidationError } from '../../functions/lib/errors.ts';

const attrs = ['pk', 'sk'] as const;
const inList = (key: Record<string, string>) => key.pk === 'LIST#1';

describe('cursor (issue 16, finding 3)', () => {
  test('a cursor of the list round-trips', () => {
    const key = { pk: 'LIST#1', sk: '2026-11-01#a' };
    expect(decodeCursor(encodeCursor(key), attrs, inList)).toEqual(key);
  });

  test.each([
    ['an empty key attribute (was a DynamoDB error, a 500)', { pk: 'LIST#1', sk: '' }],
    ['another list', { pk: 'LIST#2', sk: 'x' }],
    ['a missing attribute', { pk: 'LIST#1' }],
    ['an extra attribute', { pk: 'LIST#1', sk: 'x', gsi1pk: 'y' }],
    ['a number', { pk: 'LIST#1', sk: 5 }],
    ['a control character', { pk: 'LIST#1', sk: 'a\u0000' }],
    ['an oversized attribute', { pk: 'LIST#1', sk: 'x'.repeat(1025) }],
  ])('%s is a 400 on cursor', (_, key) => {
    const cursor = encodeCursor(key as Record<string, unknown>);
    expect(() => decodeCursor(cursor, attrs, inList)).toThrow(ValidationError);
  });

  test('text that is no cursor at all is a 400', () => {
    expect(() => decodeCursor('kein-cursor', attrs, inList)).toThrow(ValidationError);
    expect(() => decodeCursor(Buffer.from('[1,2]').toString('base64url'), attrs, inList)).toThrow(ValidationError);
  });
});
