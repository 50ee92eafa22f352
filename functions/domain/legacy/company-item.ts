import { GetCommand } from '../../lib/dynamo.ts';
import { db, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import type { VcardCompany, VcardCompanyInput } from '../../../shared/schemas/vcard-company.ts';

/** A legacy company as stored. */
export interface VcardCompanyItem extends VcardCompanyInput {
  id: string;
  personCount: number;
  /** Set when a delete has started: no new person or settings may be written from then on. */
  deleting?: boolean;
  version: number;
  createdAt: string;
  updatedAt: string;
}

export async function getVcardCompanyItem(companyId: string, o: { consistent?: boolean } = {}): Promise<VcardCompanyItem | undefined> {
  const out = await db().send(new GetCommand({ TableName: tableName(), Key: keys.vcardCompany(companyId), ConsistentRead: o.consistent === true }));
  return out.Item as VcardCompanyItem | undefined;
}

/** A company being deleted answers 404 like a missing one. */
export async function requireVcardCompany(companyId: string, o: { consistent?: boolean } = {}): Promise<VcardCompanyItem> {
  const item = await getVcardCompanyItem(companyId, o);
  if (!item || item.deleting) throw new NotFoundError(vcardMessages.errors.companyNotFound);
  return item;
}

/** Fields that name uploads of the legacy company (checked on write, see upload-ownership.ts). */
export const vcardCompanyUploadFields = ['logo', 'walletLogo'] as const;

export function vcardCompanyRecord(c: VcardCompanyItem): Record<string, unknown> {
  return { ...keys.vcardCompany(c.id), ...keys.vcardCompanyListEntry(c.org.toLowerCase(), c.id), type: 'vcardCompany', ...c };
}

export function toVcardCompany(c: VcardCompanyItem): VcardCompany {
  return { ...c, social: c.social ?? [], personCount: c.personCount ?? 0 };
}

/** Condition for writes that need the legacy company to exist and not be in deletion. */
export function vcardCompanyLiveCheck(companyId: string) {
  return {
    ConditionCheck: {
      TableName: tableName(),
      Key: keys.vcardCompany(companyId),
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(deleting)',
    },
  };
}
