import { queryPages, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { CompanyItem } from '../companies/company-item.ts';

/** Every company (the admin list in GSI1), page by page, without those being deleted. */
export async function* allCompanyPages(): AsyncGenerator<CompanyItem[]> {
  for await (const page of queryPages<CompanyItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.companyListPartition().gsi1pk },
  })) {
    yield page.filter((c) => !c.deleting);
  }
}
