import { useMemo } from 'react';
import { Link, Navigate } from 'react-router';
import { msg } from '../../../../shared/messages.ts';
import { getUser } from '../../session.ts';
import { paths, pathTo } from '../../paths.ts';
import { useCompanyStore } from '../../state/company-store.ts';
import { LoadState } from '../../components/load-state.tsx';
import { BarChart } from '../credits/bar-chart.tsx';
import { usePersons } from '../cards/use-persons.ts';
import { statisticsVisible, useCompanyStatistics } from './use-company-statistics.ts';
import { formatViewsPerCard } from './figures.ts';

const t = msg.statistic.ui;
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

/**
 * `/v2/card/statistik` (spec §2, §9): the selected company's card holders with their views per
 * month of the last 12 (bars at 90% of the largest), totals, views per active card and saves.
 * Only with the company's statistik flag (admins always); otherwise to `/v2/card/company`.
 */
export function StatistikOverview() {
  const store = useCompanyStore();
  const settled = store.companies !== null;
  const company = store.companies?.find((c) => c.id === store.selectedId) ?? null;
  const visible = statisticsVisible(getUser(), company);
  const { stats, error } = useCompanyStatistics(company?.id ?? null, visible);
  const profiles = settled && visible ? store.profiles : null;
  const { persons } = usePersons(profiles ? profiles.map((p) => p.id) : null);

  const rows = useMemo(() => {
    if (!stats || !persons) return null;
    const byId = new Map(stats.cards.map((c) => [c.personId, c]));
    const zeros = stats.months.map(() => 0);
    return persons
      .map((p) => {
        const c = byId.get(p.id);
        return { id: p.id, name: `${p.firstname} ${p.lastname}`.trim(), lastname: p.lastname, views: c?.views ?? zeros, saves: c?.saves ?? zeros };
      })
      .sort((a, b) => a.lastname.localeCompare(b.lastname, 'de'));
  }, [stats, persons]);

  if (!settled) return <LoadState error={null} />;
  if (!company) return <section className="card"><p className="muted">{t.noCompany}</p></section>;
  if (!visible) return <Navigate to={paths.cardCompany} replace />;
  if (!stats || !rows) return <LoadState error={error} />;

  // Deleted cards' counters are gone; cards the list does not know (a race with a delete) are left out.
  const monthTotals = stats.months.map((_, i) => sum(rows.map((r) => r.views[i] ?? 0)));
  const totalViews = sum(monthTotals);
  const totalSaves = sum(rows.map((r) => sum(r.saves)));
  const active = company.cardCountActive;

  return (
    <section className="card stack statistik">
      <h1>{t.overviewTitle}</h1>
      <dl className="statistik-summary">
        <div><dt>{t.totalViews}</dt><dd data-testid="total-views">{totalViews.toLocaleString('de-DE')}</dd></div>
        <div><dt>{t.viewsPerActiveCard}</dt><dd data-testid="views-per-card">{formatViewsPerCard(totalViews, active)}</dd></div>
        <div><dt>{t.saves}</dt><dd data-testid="total-saves">{totalSaves.toLocaleString('de-DE')}</dd></div>
      </dl>
      <p className="muted">{t.logDelay}</p>
      <div className="bar-charts">
        <BarChart title={t.companyChart} months={stats.months} values={monthTotals} />
      </div>
      <div className="table-scroll">
        <table className="data responsive statistik-persons" data-testid="statistik-table">
          <thead>
            <tr><th>{t.name}</th><th>{t.views}</th><th>{t.total}</th><th>{t.saves}</th></tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="statistik-row" data-person-id={r.id}>
                <td data-label={t.name}><Link to={pathTo(paths.personStatistic, { id: r.id })}>{r.name}</Link></td>
                <td data-label={t.views}><BarChart title={r.name} months={stats.months} values={r.views} /></td>
                <td data-label={t.total} data-testid="row-views">{sum(r.views).toLocaleString('de-DE')}</td>
                <td data-label={t.saves} data-testid="row-saves">{sum(r.saves).toLocaleString('de-DE')}</td>
              </tr>
            ))}
            {rows.length === 0 && <tr><td colSpan={4} className="muted">{t.noEntries}</td></tr>}
          </tbody>
        </table>
      </div>
    </section>
  );
}
