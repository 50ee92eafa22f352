import { tableName } from '../../lib/db.ts';
import { runGuarded } from '../../lib/guarded-transaction.ts';
import { newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError } from '../../lib/errors.ts';
import { versionedUpdate } from '../../lib/attribute-update.ts';
import type { UpdateVcardPersonData, VcardPerson } from '../../../shared/schemas/vcard-person.ts';
import { updateVcardPersonSchema } from '../../../shared/schemas/vcard-person.ts';
import { requireVcardPerson, vcardPersonListSortKey, withViews, vcardPersonUploadFields } from './person-item.ts';
import type { VcardPersonItem } from './person-item.ts';
import { cardChangeStep } from '../cards/card-change.ts';
import { pastImagesUpdate } from '../cards/past-images.ts';

const contentFields = Object.keys(updateVcardPersonSchema.shape).filter((k) => k !== 'version') as (keyof Omit<UpdateVcardPersonData, 'version'>)[];

/** Replaces the person's content with the form's (a field left out is cleared), conditioned on the version read. */
export async function updateVcardPerson(o: { personId: string; changes: UpdateVcardPersonData }): Promise<VcardPerson> {
  const current = await requireVcardPerson(o.personId, { consistent: true });
  const { version: expected, ...input } = o.changes;
  if (expected !== undefined && expected !== current.version) throw new ConflictError();
  const written: Record<string, unknown> = {
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
    gsi1sk: vcardPersonListSortKey({ id: o.personId, lastname: input.lastname, firstname: input.firstname }),
  };
  for (const field of contentFields) written[field] = input[field];
  // A replaced photo stays listed, so the holder's export and erasure find it.
  Object.assign(written, pastImagesUpdate(current, input));
  await runGuarded([
    {
      item: versionedUpdate({ tableName: tableName(), key: keys.vcardPerson(o.personId), attributes: written, version: current.version }),
      onFail: () => new ConflictError(),
    },
    // A newly chosen image must be an upload of the legacy company; one already shown stays valid.
    ...uploadOwnershipSteps(current.companyId, newlyChosenFiles(vcardPersonUploadFields, current, input)),
    cardChangeStep({ scope: 'card', targetId: o.personId, companyId: current.companyId }),
  ]);
  const next = Object.fromEntries(Object.entries({ ...current, ...written }).filter(([k, v]) => v !== undefined && k !== 'gsi1sk'));
  return (await withViews([next as unknown as VcardPersonItem]))[0]!;
}
