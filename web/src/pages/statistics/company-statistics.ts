import type { CompanyStatistic } from '../../../../shared/schemas/statistic.ts';
import type { Company } from '../../../../shared/schemas/company.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { isAdmin } from '../../session.ts';

/** Spec §6: statistics need the company's statistik flag; admins see them regardless (docs/decisions.md). */
export function statisticsVisible(user: PublicUser | null, company: Pick<Company, 'display'> | null): boolean {
  return isAdmin(user) || company?.display.statistik === true;
}

/** Views of the window per card id. */
export function viewsByCard(stats: CompanyStatistic | null): Map<string, { windowViews: number; totalViews: number }> {
  return new Map((stats?.cards ?? []).map((c) => [c.personId, { windowViews: c.views.reduce((a, b) => a + b, 0), totalViews: c.totalViews }]));
}
