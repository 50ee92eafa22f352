import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess, requireStatisticsVisible } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { statisticMessages } from '../../../shared/messages/statistic.ts';
import type { CompanyStatistic } from '../../../shared/schemas/statistic.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import { lastMonths } from './berlin-time.ts';
import { TOTAL_SAVES, TOTAL_VIEWS, savesAttribute, viewsAttribute } from './rollup-attributes.ts';

type RollupItem = { sk: string } & Record<string, unknown>;

const num = (v: unknown) => (typeof v === 'number' ? v : 0);

/**
 * Views and saves per card and month of the last 12: one Query of the company's rollup items
 * (one small item per card that was ever viewed), eventually consistent; no card is read.
 */
export async function companyStatistics(o: { auth: AuthUser; companyId: string; now?: Date }): Promise<CompanyStatistic> {
  requireCompanyAccess(o.auth, o.companyId, statisticMessages.errors.companyNotFound);
  const months = lastMonths(o.now ?? new Date());
  // Only the window's months travel (the read is billed by item size either way, but 1,000 items
  // are parsed faster without the rest). Read together with the company; its flag decides after.
  const wanted = [TOTAL_VIEWS, TOTAL_SAVES, ...months.flatMap((m) => [viewsAttribute(m), savesAttribute(m)])];
  const names = Object.fromEntries([['#sk', 'sk'], ...wanted.map((a, i) => [`#a${i}`, a])]);
  const [company, items] = await Promise.all([
    getCompanyItem(o.companyId),
    queryAll<RollupItem>({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': keys.cardStatRollupPartition(o.companyId).pk },
      ProjectionExpression: Object.keys(names).join(', '),
      ExpressionAttributeNames: names,
    }),
  ]);
  if (!company) throw new NotFoundError(statisticMessages.errors.companyNotFound);
  requireStatisticsVisible(o.auth, company);
  return {
    months,
    cards: items.map((i) => ({
      personId: i.sk,
      views: months.map((m) => num(i[viewsAttribute(m)])),
      saves: months.map((m) => num(i[savesAttribute(m)])),
      totalViews: num(i[TOTAL_VIEWS]),
      totalSaves: num(i[TOTAL_SAVES]),
    })),
  };
}
