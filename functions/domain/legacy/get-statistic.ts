import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { z } from 'zod';
import type { vcardStatisticSchema } from '../../../shared/schemas/vcard-person.ts';
import { requireVcardPerson } from './person-item.ts';

/**
 * A legacy person's views (spec §2 'Übersicht - Statistik': 'Aufrufe Total', Jahr / Aufrufe),
 * read from the same per-day counters the statistics keep for every card.
 */
export async function getVcardStatistic(o: { personId: string }): Promise<z.output<typeof vcardStatisticSchema>> {
  await requireVcardPerson(o.personId);
  const items = await queryAll<{ sk: string; views?: number }>({
    TableName: tableName(),
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.cardStatDayPartition(o.personId).pk },
  });
  const days = items.map((d) => ({ date: d.sk, views: d.views ?? 0 })).filter((d) => d.views > 0);
  const perYear = new Map<string, number>();
  for (const d of days) perYear.set(d.date.slice(0, 4), (perYear.get(d.date.slice(0, 4)) ?? 0) + d.views);
  return {
    personId: o.personId,
    total: days.reduce((n, d) => n + d.views, 0),
    years: [...perYear].sort(([a], [b]) => b.localeCompare(a)).map(([year, views]) => ({ year, views })),
    days,
  };
}
