import { statisticCompany } from '../../../../shared/api/routes/statistic.ts';
import { call } from '../../api/client.ts';

/** Requests in flight at once: the admin screen asks once per company. */
const PARALLEL = 4;

export interface CompanyViews {
  /** Views per month of `months` (same order). */
  views: number[];
  total: number;
  /** Taps on the company's cards in the same months (issue 28). */
  taps: number;
}

/**
 * Views per month for each company (admin statistics): the company statistics route once per
 * company, its cards summed. A company whose figures cannot be read is left out.
 */
export async function viewsPerCompany(companyIds: readonly string[], months: readonly string[]): Promise<Map<string, CompanyViews>> {
  const out = new Map<string, CompanyViews>();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < companyIds.length; i = next++) {
      const companyId = companyIds[i]!;
      const res = await call(statisticCompany, { query: { companyId } });
      if (!res.data) continue;
      const data = res.data;
      const views = months.map((m) => {
        const at = data.months.indexOf(m);
        return at < 0 ? 0 : data.cards.reduce((n, c) => n + (c.views[at] ?? 0), 0);
      });
      const taps = months.reduce((n, m) => {
        const at = data.months.indexOf(m);
        return at < 0 ? n : n + data.cards.reduce((k, c) => k + (c.taps[at] ?? 0), 0);
      }, 0);
      out.set(companyId, { views, total: views.reduce((a, b) => a + b, 0), taps });
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL, companyIds.length) }, worker));
  return out;
}
