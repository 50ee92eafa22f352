import { noteChange } from '../audit/audit-scope.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { GetCommand, UpdateCommand } from '../../lib/dynamo.ts';
import { db, queryAll, tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { scimMessages } from '../../../shared/messages/scim.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { ScimTokenInfo } from '../../../shared/schemas/scim.ts';

// Bearer tokens of a company's directory: random, shown once, stored only as their SHA-256 (a read
// of the table gives no usable token), several at once so a directory can rotate without a gap.

/** At most this many tokens per company at once. */
export const MAX_SCIM_TOKENS = 10;
const PREFIX = 'vkscim_';

export interface ScimTokenItem {
  tokenId: string;
  tokenHash: string;
  companyId: string;
  label?: string;
  createdAt: string;
  createdBy: string;
  lastUsedAt?: string;
}

export const hashScimToken = (token: string) => createHash('sha256').update(token).digest('hex');

function toInfo(t: ScimTokenItem): ScimTokenInfo {
  return { id: t.tokenId, createdAt: t.createdAt, ...(t.label ? { label: t.label } : {}), ...(t.lastUsedAt ? { lastUsedAt: t.lastUsedAt } : {}) };
}

async function tokenItems(companyId: string): Promise<ScimTokenItem[]> {
  return queryAll<ScimTokenItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.scimTokenListPartition(companyId).gsi1pk },
  });
}

export async function listScimTokens(o: { companyId: string }): Promise<ScimTokenInfo[]> {
  return (await tokenItems(o.companyId)).map(toInfo);
}

/** A new token for the company; the answer is the only time it is seen. */
export async function createScimToken(o: { companyId: string; createdBy: string; label?: string | undefined }): Promise<ScimTokenInfo & { token: string }> {
  if ((await tokenItems(o.companyId)).length >= MAX_SCIM_TOKENS) throw new ValidationError(scimMessages.tooManyTokens);
  const token = PREFIX + randomBytes(32).toString('base64url');
  const item: ScimTokenItem = {
    tokenId: randomUUID(),
    tokenHash: hashScimToken(token),
    companyId: o.companyId,
    ...(o.label ? { label: o.label } : {}),
    createdAt: new Date().toISOString(),
    createdBy: o.createdBy,
  };
  await transact([
    { ConditionCheck: { TableName: tableName(), Key: keys.company(o.companyId), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)' } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.scimToken(item.tokenHash), ...keys.scimTokenListEntry(o.companyId, item.createdAt, item.tokenId), ...keys.ownedScimToken(o.companyId, item.tokenId), type: 'scimToken', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ], (index) => (index === 0 ? new NotFoundError(companyMessages.notFound) : new ConflictError()));
  noteChange({ action: 'create', objectType: 'scimToken', objectId: item.tokenId, companyId: o.companyId, fields: item.label ? ['label'] : [] });
  return { ...toInfo(item), token };
}

export async function revokeScimToken(o: { companyId: string; tokenId: string }): Promise<{ id: string }> {
  const found = (await tokenItems(o.companyId)).find((t) => t.tokenId === o.tokenId);
  if (!found) throw new NotFoundError(scimMessages.tokenNotFound);
  await transact([
    { Delete: { TableName: tableName(), Key: keys.scimToken(found.tokenHash), ConditionExpression: 'companyId = :c', ExpressionAttributeValues: { ':c': o.companyId } } },
  ], () => new NotFoundError(scimMessages.tokenNotFound));
  noteChange({ action: 'delete', objectType: 'scimToken', objectId: o.tokenId, companyId: o.companyId, fields: [] });
  return { id: o.tokenId };
}

/** The token's item when the token is valid (not revoked); one GetItem. */
export async function findScimToken(token: string): Promise<ScimTokenItem | undefined> {
  if (!token.startsWith(PREFIX) || token.length > 200) return undefined;
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.scimToken(hashScimToken(token)) }));
  return out.Item as ScimTokenItem | undefined;
}

/** Notes when the token was last used, at most once an hour (the screen shows it; no write per request). */
export async function noteScimTokenUse(t: ScimTokenItem): Promise<void> {
  const now = new Date();
  if (t.lastUsedAt && now.getTime() - Date.parse(t.lastUsedAt) < 3600_000) return;
  await db().send(new UpdateCommand({
    TableName: tableName(),
    Key: keys.scimToken(t.tokenHash),
    UpdateExpression: 'SET lastUsedAt = :now',
    ConditionExpression: 'attribute_exists(pk)',
    ExpressionAttributeValues: { ':now': now.toISOString() },
  })).catch(() => undefined);
}
