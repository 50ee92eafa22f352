import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { VcardPerson } from '../../../shared/schemas/vcard-person.ts';
import { requireVcardCompany } from './company-item.ts';
import { withViews } from './person-item.ts';
import type { VcardPersonItem } from './person-item.ts';

/** Every legacy person, by last and first name (one GSI1 partition), with its views. */
export async function listVcardPersons(): Promise<VcardPerson[]> {
  const items = await queryAll<VcardPersonItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.vcardPersonListPartition().gsi1pk },
  });
  return withViews(items);
}

/** The persons of one legacy company (its GSI2 partition), sorted by last and first name. */
export async function listVcardPersonsOfCompany(o: { companyId: string }): Promise<VcardPerson[]> {
  await requireVcardCompany(o.companyId);
  const prefix = keys.ownedVcardPersonPrefix(o.companyId);
  const items = await queryAll<VcardPersonItem>({
    TableName: tableName(),
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :sk)',
    ExpressionAttributeValues: { ':pk': prefix.gsi2pk, ':sk': prefix.gsi2sk },
  });
  items.sort((a, b) => a.lastname.localeCompare(b.lastname, 'de') || a.firstname.localeCompare(b.firstname, 'de'));
  return withViews(items);
}
