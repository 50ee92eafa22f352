import { createHash, randomBytes } from 'node:crypto';
import { DeleteCommand, PutCommand } from '../../lib/dynamo.ts';
import { db, isConditionFailure, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';

/** A started sign-in may be finished within this time (the user types their password at the provider). */
export const SSO_STATE_TTL_SECONDS = 10 * 60;

export interface SsoState {
  companyId: string;
  nonce: string;
  codeVerifier: string;
  weiter?: string;
}

export const randomToken = () => randomBytes(32).toString('base64url');
const hash = (state: string) => createHash('sha256').update(state).digest('base64url');

/** Stores a new sign-in under a fresh `state` (only its hash is the key) and answers the state. */
export async function putSsoState(s: SsoState): Promise<string> {
  const state = randomToken();
  await db().send(new PutCommand({
    TableName: tableName(),
    Item: { ...keys.ssoState(hash(state)), type: 'ssoState', ...s, expiresAt: Math.floor(Date.now() / 1000) + SSO_STATE_TTL_SECONDS },
    ConditionExpression: 'attribute_not_exists(pk)',
  }));
  return state;
}

/**
 * Takes the sign-in for `state` out of the table: deleted in the same call that reads it, and only
 * while it has not expired (TTL removes items late), so a state works once and within its time.
 */
export async function takeSsoState(state: string): Promise<SsoState | undefined> {
  try {
    const out = await db().send(new DeleteCommand({
      TableName: tableName(),
      Key: keys.ssoState(hash(state)),
      ConditionExpression: 'attribute_exists(pk) AND expiresAt > :now',
      ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
      ReturnValues: 'ALL_OLD',
    }));
    const item = out.Attributes as (SsoState & { expiresAt: number }) | undefined;
    return item ? { companyId: item.companyId, nonce: item.nonce, codeVerifier: item.codeVerifier, ...(item.weiter ? { weiter: item.weiter } : {}) } : undefined;
  } catch (err) {
    if (isConditionFailure(err)) {
      // An expired one is removed now rather than by TTL later.
      await db().send(new DeleteCommand({ TableName: tableName(), Key: keys.ssoState(hash(state)) }));
      return undefined;
    }
    throw err;
  }
}
