import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess, requireStatisticsVisible } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { CardStatisticEntry } from '../../../shared/schemas/statistic.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { getPersonItem } from '../persons/person-item.ts';

interface DayItem {
  sk: string;
  views?: number;
  saves?: number;
}

/**
 * One card's views and saves per Berlin day, oldest first: the spec's one entry per view, counted
 * per day (one Query of the card's day items; a year of daily views is 365 small items).
 */
export async function cardStatistics(o: { auth: AuthUser; personId: string }): Promise<CardStatisticEntry[]> {
  const person = await getPersonItem(o.personId);
  requireCompanyAccess(o.auth, person?.companyId, personMessages.errors.notFound);
  const company = await getCompanyItem(person!.companyId);
  if (!company) throw new NotFoundError(personMessages.errors.notFound);
  requireStatisticsVisible(o.auth, company);
  const days = await queryAll<DayItem>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(o.personId).pk },
  });
  return days.map((d) => ({ personId: o.personId, date: d.sk, views: d.views ?? 0, saves: d.saves ?? 0 }));
}
