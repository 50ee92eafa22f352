import { tableName } from '../../lib/db.ts';
import { runGuarded } from '../../lib/guarded-transaction.ts';
import { newlyChosenFiles, uploadOwnershipSteps } from '../uploads/upload-ownership.ts';
import { keys } from '../../lib/keys.ts';
import { ConflictError } from '../../lib/errors.ts';
import { versionedUpdate } from '../../lib/attribute-update.ts';
import type { UpdateVcardCompanyData, VcardCompany } from '../../../shared/schemas/vcard-company.ts';
import { updateVcardCompanySchema } from '../../../shared/schemas/vcard-company.ts';
import { requireVcardCompany, toVcardCompany, vcardCompanyUploadFields } from './company-item.ts';
import type { VcardCompanyItem } from './company-item.ts';
import { cardChangeStep } from '../cards/card-change.ts';

const contentFields = Object.keys(updateVcardCompanySchema.shape).filter((k) => k !== 'version') as (keyof Omit<UpdateVcardCompanyData, 'version'>)[];

/** Replaces the company's content with the form's (a field left out is cleared); `personCount` stays. */
export async function updateVcardCompany(o: { companyId: string; changes: UpdateVcardCompanyData }): Promise<VcardCompany> {
  const current = await requireVcardCompany(o.companyId, { consistent: true });
  const { version: expected, ...input } = o.changes;
  if (expected !== undefined && expected !== current.version) throw new ConflictError();
  const written: Record<string, unknown> = {
    updatedAt: new Date().toISOString(),
    version: current.version + 1,
    gsi1sk: keys.vcardCompanyListEntry(input.org.toLowerCase(), o.companyId).gsi1sk,
  };
  for (const field of contentFields) written[field] = input[field];
  await runGuarded([
    {
      item: versionedUpdate({
        tableName: tableName(), key: keys.vcardCompany(o.companyId), attributes: written, version: current.version,
        condition: 'attribute_not_exists(deleting)',
      }),
      onFail: () => new ConflictError(),
    },
    // A newly chosen image must be an upload of the legacy company; one already shown stays valid.
    ...uploadOwnershipSteps(o.companyId, newlyChosenFiles(vcardCompanyUploadFields, current, input)),
    // The legacy company is the card's company and profile: every card of it shows the change.
    cardChangeStep({ scope: 'legacyCompany', targetId: o.companyId, companyId: o.companyId }),
  ]);
  const next = Object.fromEntries(Object.entries({ ...current, ...written }).filter(([k, v]) => v !== undefined && k !== 'gsi1sk'));
  return toVcardCompany(next as unknown as VcardCompanyItem);
}
