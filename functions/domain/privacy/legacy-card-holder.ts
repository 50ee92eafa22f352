import { tableName } from '../../lib/db.ts';
import { ConflictError, NotFoundError } from '../../lib/errors.ts';
import { keys } from '../../lib/keys.ts';
import { requireAdmin } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { vcardMessages } from '../../../shared/messages/vcard.ts';
import { getVcardPersonItem } from '../legacy/person-item.ts';
import { getVcardCompanyItem } from '../legacy/company-item.ts';
import { readLegacyCard } from '../legacy/legacy-card-source.ts';
import type { CardHolder } from './card-holder.ts';

/**
 * A legacy person (vcard area) as a card holder: admins only, like the whole legacy area. Its
 * legacy company owns its uploads and files its statistics; the company's `personCount` counts it.
 */
export async function legacyCardHolder(o: { auth: AuthUser; personId: string }): Promise<CardHolder> {
  requireAdmin(o.auth);
  const p = await getVcardPersonItem(o.personId, { consistent: true });
  if (!p) throw new NotFoundError(vcardMessages.errors.personNotFound);
  const company = await getVcardCompanyItem(p.companyId, { consistent: true });
  return {
    kind: 'legacy',
    id: p.id,
    companyId: p.companyId,
    item: p as unknown as CardHolder['item'],
    objectType: 'vcardPerson',
    async context() {
      return { company: company ? { id: company.id, org: company.org, firmenname: company.firmenname ?? null } : { id: p.companyId } };
    },
    // The card as old QR codes show it (undefined while its company is being deleted).
    source: () => readLegacyCard(p.id),
    removalSteps() {
      return [
        {
          item: { Delete: { TableName: tableName(), Key: keys.vcardPerson(p.id), ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': p.version } } },
          onFail: () => new ConflictError(),
        },
        // A person whose company is gone has no counter left; one in deletion still finishes (its delete would remove the person anyway).
        ...(company ? [{
          item: {
            Update: {
              TableName: tableName(), Key: keys.vcardCompany(p.companyId),
              UpdateExpression: 'ADD personCount :minus', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeValues: { ':minus': -1 },
            },
          },
          onFail: () => new NotFoundError(vcardMessages.errors.personNotFound),
        }] : []),
      ];
    },
    afterRemoval: async () => undefined,
  };
}
