import { queryAll, tableName } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { requireAdmin } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import type { CreditStatistics, MonthStats } from '../../../shared/schemas/credit.ts';
import { byOrg } from '../companies/to-company.ts';
import { allCompanyPages } from './all-companies.ts';
import { berlinMonth, monthsUpTo } from './credit-entry.ts';
import type { CreditEntryItem } from './credit-entry.ts';

/** Spec §9: the statistics window is the last 12 months (the current one included). */
export const STATISTICS_MONTHS = 12;

const empty = (month: string): MonthStats => ({ month, added: 0, removed: 0, usedActivations: 0, usedMonthly: 0, activations: 0 });

/** Adds one entry to its month's figures. */
function count(stats: MonthStats, e: CreditEntryItem): void {
  if (e.kind === 'activation') {
    stats.usedActivations -= e.credits;
    // Spec §9: an entry with a cardId and credits 0 (paid before) or the (negative) cost is an activation.
    if (e.cardId) stats.activations += 1;
  } else if (e.kind === 'monthly') {
    stats.usedMonthly -= e.credits;
  } else if (e.credits > 0) {
    stats.added += e.credits;
  } else {
    stats.removed -= e.credits;
  }
}

/**
 * Per month of the last 12 (Europe/Berlin): credits added and removed by hand, used by
 * activations and by the monthly fee, and the number of activations; per company and in total.
 * Reads the 12 month partitions of the history (GSI1), so the cost grows with the bookings of
 * one year, not with all of history.
 */
export async function creditStatistics(o: { auth: AuthUser; now?: Date }): Promise<CreditStatistics> {
  requireAdmin(o.auth);
  const months = monthsUpTo(berlinMonth(o.now ?? new Date()), STATISTICS_MONTHS);
  const entriesPerMonth = await Promise.all(months.map((month) => queryAll<CreditEntryItem>({
    TableName: tableName(),
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': keys.creditMonthPartition(month).gsi1pk },
  })));
  const companies: CreditStatistics['companies'] = [];
  const byCompany = new Map<string, MonthStats[]>();
  for await (const page of allCompanyPages()) {
    for (const c of page) {
      const stats = months.map(empty);
      byCompany.set(c.id, stats);
      companies.push({ companyId: c.id, org: c.org, credits: c.credits ?? 0, cardCountActive: c.cardCountActive ?? 0, months: stats });
    }
  }
  const total = months.map(empty);
  entriesPerMonth.forEach((entries, i) => {
    for (const e of entries) {
      count(total[i]!, e);
      const own = byCompany.get(e.companyId);
      if (own) count(own[i]!, e);
    }
  });
  return { months, total, companies: companies.sort(byOrg) };
}
