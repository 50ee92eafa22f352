import { randomUUID } from 'node:crypto';
import { tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { Profile, ProfileInput } from '../../../shared/schemas/profile.ts';
import { cssUploadOwnershipSteps, newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { withAddressIds } from './address-ids.ts';
import { profileRecord, profileUploadFields, SCOPED_CSS } from './profile-item.ts';
import { profileCssSteps, settingsWithoutCss, withCss } from './profile-css.ts';
import type { ProfileItem } from './profile-item.ts';
import { checkedCustomCss } from '../../lib/custom-css-on-save.ts';
import { noteChange } from '../audit/audit-scope.ts';

/**
 * The profile, its CSS item and the company's `profileCount` are written together; the company
 * must exist and not be on its way out, and the logos must be uploads of that company.
 */
export async function createProfile(o: { auth: AuthUser; input: ProfileInput }): Promise<Profile> {
  const { companyId } = o.input;
  requireCompanyAccess(o.auth, companyId, companyMessages.notFound);
  const css = await checkedCustomCss(o.input.settings?.customCss);
  const now = new Date().toISOString();
  const item = {
    ...o.input,
    settings: settingsWithoutCss(o.input.settings),
    ...(css ? { [SCOPED_CSS]: css.css } : {}),
    adressen: withAddressIds(o.input.adressen),
    id: randomUUID(),
    cardCount: 0,
    version: 1,
    createdAt: now,
    updatedAt: now,
  } satisfies ProfileItem & Profile;
  const companyGone = () => new NotFoundError(companyMessages.notFound);
  await runGuarded([
    ...scopeSteps(o.auth, companyId, companyMessages.notFound),
    {
      item: {
        Update: {
          TableName: tableName(),
          Key: keys.company(companyId),
          UpdateExpression: 'ADD profileCount :one',
          ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
          ExpressionAttributeValues: { ':one': 1 },
        },
      },
      onFail: companyGone,
    },
    {
      item: { Put: { TableName: tableName(), Item: profileRecord(item), ConditionExpression: 'attribute_not_exists(pk)' } },
      onFail: () => new Error('profile id collision'),
    },
    ...profileCssSteps({ profileId: item.id, companyId, css: o.input.settings.customCss, created: true }),
    ...uploadOwnershipSteps(companyId, newlyChosenFiles(profileUploadFields, {}, item)),
    ...cssUploadOwnershipSteps(companyId, css?.uploads ?? []),
  ]);
  const created = withCss(item, o.input.settings.customCss);
  noteChange({ action: 'create', objectType: 'profile', objectId: item.id, companyId, before: undefined, after: created });
  return created;
}
