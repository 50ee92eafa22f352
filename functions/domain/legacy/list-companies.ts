import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { VcardCompany } from '../../../shared/schemas/vcard-company.ts';
import { toVcardCompany } from './company-item.ts';
import type { VcardCompanyItem } from './company-item.ts';

/** Every legacy company in org order (one GSI1 partition); companies being deleted are left out. */
export async function listVcardCompanies(): Promise<VcardCompany[]> {
  const items = await queryAll<VcardCompanyItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.vcardCompanyListPartition().gsi1pk },
  });
  return items.filter((c) => !c.deleting).map(toVcardCompany);
}
