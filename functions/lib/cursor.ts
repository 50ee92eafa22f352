import { commonMessages as msg } from '../../shared/messages/common.ts';
import { ValidationError } from './errors.ts';

export type StartKey = Record<string, string>;

/** A Query's LastEvaluatedKey as the opaque `nextCursor` a client sends back (base64url JSON). */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key)).toString('base64url') : undefined;
}

/** A key attribute DynamoDB accepts: a non-empty string (an empty one is a DynamoDB error, a 500) of bounded length. */
function isKeyValue(v: unknown): boolean {
  return typeof v === 'string' && v.length > 0 && v.length <= 1024 && !/[\u0000-\u001f]/.test(v);
}

/**
 * The start key in a cursor the client sent back. It must hold exactly the `attributes` as
 * non-empty strings and satisfy `belongs` (lie in the partition the caller was allowed to list), so an
 * edited cursor cannot continue in another list: anything else is a 400 on `cursor`.
 */
export function decodeCursor(cursor: string | undefined, attributes: readonly string[], belongs: (key: StartKey) => boolean): StartKey | undefined {
  if (cursor === undefined) return undefined;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    key = undefined;
  }
  const valid = typeof key === 'object' && key !== null && !Array.isArray(key)
    && Object.keys(key).length === attributes.length
    && attributes.every((a) => isKeyValue((key as StartKey)[a]))
    && belongs(key as StartKey);
  if (!valid) throw new ValidationError(msg.errors.invalidInput, { cursor: msg.validation.pageCursor });
  return key as StartKey;
}
