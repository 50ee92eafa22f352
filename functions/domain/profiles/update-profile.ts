import { tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError } from '../../lib/errors.ts';
import { runGuarded, scopeSteps } from '../../lib/guarded-transaction.ts';
import { versionedUpdate } from '../../lib/attribute-update.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { profileMessages } from '../../../shared/messages/profile.ts';
import { updateProfileSchema } from '../../../shared/schemas/profile.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import type { z } from 'zod';
import { cssUploadOwnershipSteps, newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { withAddressIds } from './address-ids.ts';
import { getAccessibleProfileWithCss } from './get-profile.ts';
import { profileUploadFields, SCOPED_CSS } from './profile-item.ts';
import { profileCssSteps, settingsWithoutCss, withCss } from './profile-css.ts';
import { cardChangeStep } from '../cards/card-change.ts';
import { checkedCustomCss } from '../../lib/custom-css-on-save.ts';
import { noteChange } from '../audit/audit-scope.ts';

type Changes = z.output<typeof updateProfileSchema>;

/** The content fields of a profile: what the form edits (not owner, counter or version). */
const contentFields = Object.keys(updateProfileSchema.shape).filter((k) => k !== 'version') as (keyof Omit<Changes, 'version'>)[];

/**
 * Replaces the profile's content with the form's (a field left out is cleared). An UpdateItem
 * that SETs only content fields, so `cardCount`, which card writes ADD to, is never overwritten.
 * The write is conditioned on the company and the version the caller read; newly chosen logos
 * must be uploads of the profile's company. The raw CSS goes to the profile's CSS item in the same
 * transaction; `settings` is written whole, so a profile saved before the split loses its inline copy.
 */
export async function updateProfile(o: { auth: AuthUser; profileId: string; changes: Changes }): Promise<Profile> {
  const css = await checkedCustomCss(o.changes.settings?.customCss);
  const { item: current, css: currentCss } = await getAccessibleProfileWithCss({ auth: o.auth, profileId: o.profileId });
  const { version: expectedVersion, ...input } = o.changes;
  if (expectedVersion !== undefined && expectedVersion !== current.version) throw new ConflictError();
  const content = { ...input, adressen: withAddressIds(input.adressen) };
  const written: Record<string, unknown> = { updatedAt: new Date().toISOString(), version: current.version + 1 };
  for (const field of contentFields) written[field] = content[field];
  written.settings = settingsWithoutCss(content.settings);
  const rawCss = content.settings.customCss;
  // What the public card serves (scoped here, so its path loads no parser); removed with the CSS.
  written[SCOPED_CSS] = css?.css;
  await runGuarded([
    ...scopeSteps(o.auth, current.companyId, profileMessages.notFound),
    {
      item: versionedUpdate({
        tableName: tableName(), key: keys.profile(o.profileId), attributes: written, version: current.version,
        condition: 'companyId = :cid', values: { ':cid': current.companyId },
      }),
      onFail: () => new ConflictError(),
    },
    ...profileCssSteps({ profileId: o.profileId, companyId: current.companyId, css: rawCss }),
    ...uploadOwnershipSteps(current.companyId, newlyChosenFiles(profileUploadFields, current, content)),
    ...cssUploadOwnershipSteps(current.companyId, css?.uploads ?? []),
    cardChangeStep({ scope: 'profile', targetId: o.profileId, companyId: current.companyId }),
  ]);
  const next = withCss(Object.fromEntries(Object.entries({ ...current, ...written }).filter(([, value]) => value !== undefined)) as typeof current, rawCss);
  noteChange({ action: 'update', objectType: 'profile', objectId: o.profileId, companyId: current.companyId, before: withCss(current, currentCss), after: next });
  return next as unknown as Profile;
}
