import { batchGetAll, queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { visibleCompanyScope } from '../../lib/permissions.ts';
import type { Company } from '../../../shared/schemas/company.ts';
import type { CompanyItem } from './company-item.ts';
import { byOrg, toCompanies } from './to-company.ts';

/** Admins: every company (the org-sorted list in GSI1). Company users: their own companies. */
export async function listCompanies(o: { auth: AuthUser }): Promise<Company[]> {
  const scope = visibleCompanyScope(o.auth);
  const items = scope.all
    ? await queryAll<CompanyItem>({
      TableName: tableName(),
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.companyListPartition().gsi1pk },
    })
    : await batchGetAll<CompanyItem>(scope.companyIds.map((id) => keys.company(id)));
  // GSI1 orders by code point; the screen wants German order (umlauts beside their vowel).
  return (await toCompanies(items.filter((c) => !c.deleting))).sort(byOrg);
}
