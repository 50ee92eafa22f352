import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess, requireStatisticsVisible } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { CardStatisticEntry } from '../../../shared/schemas/statistic.ts';
import { resolveCard } from '../cards/read-card.ts';

interface DayItem {
  sk: string;
  views?: number;
  saves?: number;
}

/**
 * One card's views and saves per Berlin day, oldest first: the spec's one entry per view, counted
 * per day (one Query of the card's day items; a year of daily views is 365 small items). A legacy
 * card (the legacy area is the admins') answers the same way, for admins only.
 */
export async function cardStatistics(o: { auth: AuthUser; personId: string }): Promise<CardStatisticEntry[]> {
  const card = await resolveCard(o.personId);
  if (card?.kind === 'legacy') {
    if (!o.auth.isAdmin) throw new NotFoundError(personMessages.errors.notFound);
  } else {
    requireCompanyAccess(o.auth, card?.person.companyId, personMessages.errors.notFound);
    if (!card!.company) throw new NotFoundError(personMessages.errors.notFound);
    requireStatisticsVisible(o.auth, card!.company);
  }
  const days = await queryAll<DayItem>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(o.personId).pk },
  });
  return days.map((d) => ({ personId: o.personId, date: d.sk, views: d.views ?? 0, saves: d.saves ?? 0 }));
}
