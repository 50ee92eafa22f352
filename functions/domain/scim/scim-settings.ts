import { noteChange } from '../audit/audit-scope.ts';
import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName, transact } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { publicBaseUrl } from '../../lib/public-base-url.ts';
import type { ScimSettings } from '../../../shared/schemas/scim.ts';
import { listScimTokens } from './scim-tokens.ts';

export interface ScimSettingsItem {
  companyId: string;
  /** The profile new cards from the directory get. */
  profileId?: string;
  /** What the directory's DELETE does: deactivate the card (default) or delete it. */
  deleteMode: 'deactivate' | 'delete';
}

export const scimBaseUrl = () => `${publicBaseUrl()}/api/scim/v2`;

export async function getScimSettingsItem(companyId: string): Promise<ScimSettingsItem> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.scimSettings(companyId) }));
  return (out.Item as ScimSettingsItem | undefined) ?? { companyId, deleteMode: 'deactivate' };
}

export async function getScimSettings(o: { companyId: string }): Promise<ScimSettings> {
  const [item, tokens] = await Promise.all([getScimSettingsItem(o.companyId), listScimTokens(o)]);
  return { baseUrl: scimBaseUrl(), ...(item.profileId ? { profileId: item.profileId } : {}), deleteMode: item.deleteMode, tokens };
}

/** The profile must be one of the company's (checked inside the write). */
export async function saveScimSettings(o: { companyId: string; profileId: string; deleteMode: 'deactivate' | 'delete' }): Promise<ScimSettings> {
  const before = await getScimSettingsItem(o.companyId);
  await transact([
    { ConditionCheck: { TableName: tableName(), Key: keys.company(o.companyId), ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)' } },
    { ConditionCheck: { TableName: tableName(), Key: keys.profile(o.profileId), ConditionExpression: 'companyId = :c', ExpressionAttributeValues: { ':c': o.companyId } } },
    {
      Put: {
        TableName: tableName(),
        Item: { ...keys.scimSettings(o.companyId), ...keys.ownedScimSettings(o.companyId), type: 'scimSettings', companyId: o.companyId, profileId: o.profileId, deleteMode: o.deleteMode },
      },
    },
  ], (index) => (index === 0
    ? new NotFoundError(companyMessages.notFound)
    : new ValidationError(msg.errors.invalidInput, { profileId: personMessages.errors.profileNotFound })));
  noteChange({
    action: 'update', objectType: 'scimSettings', objectId: o.companyId, companyId: o.companyId,
    before: { profileId: before.profileId, deleteMode: before.deleteMode }, after: { profileId: o.profileId, deleteMode: o.deleteMode },
  });
  return getScimSettings(o);
}
