import { useEffect, useState } from 'react';
import { statisticCompany } from '../../../../shared/api/routes/statistic.ts';
import type { CompanyStatistic } from '../../../../shared/schemas/statistic.ts';
import { msg } from '../../../../shared/messages.ts';
import type { Company } from '../../../../shared/schemas/company.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { call } from '../../api/client.ts';
import { isAdmin } from '../../session.ts';

/** Spec §6: statistics need the company's statistik flag; admins see them regardless (docs/decisions.md). */
export function statisticsVisible(user: PublicUser | null, company: Pick<Company, 'display'> | null): boolean {
  return isAdmin(user) || company?.display.statistik === true;
}

/** A company's views and saves per card and month (null while loading or when not `enabled`). */
export function useCompanyStatistics(companyId: string | null, enabled: boolean): { stats: CompanyStatistic | null; error: string | null } {
  const [loaded, setLoaded] = useState<{ companyId: string; stats: CompanyStatistic | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!companyId || !enabled) return;
    let current = true;
    void call(statisticCompany, { query: { companyId } }).then((res) => {
      if (current) setLoaded({ companyId, stats: res.data, error: res.data ? null : res.errorMessage ?? msg.errors.generic });
    });
    return () => {
      current = false;
    };
  }, [companyId, enabled]);
  // An answer for a company no longer selected is never shown.
  if (!loaded || loaded.companyId !== companyId || !enabled) return { stats: null, error: null };
  return { stats: loaded.stats, error: loaded.error };
}

/** Views of the window per card id. */
export function viewsByCard(stats: CompanyStatistic | null): Map<string, { windowViews: number; totalViews: number }> {
  return new Map((stats?.cards ?? []).map((c) => [c.personId, { windowViews: c.views.reduce((a, b) => a + b, 0), totalViews: c.totalViews }]));
}
