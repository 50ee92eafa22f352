import { creditStatisticsExport } from '../../../../shared/api/routes/exports.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { Await, useLoaderData } from 'react-router';
import { creditStatistics } from '../../../../shared/api/routes/credit.ts';
import type { CreditStatistics, MonthStats } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { BarChart } from './bar-chart.tsx';
import { viewsPerCompany } from '../statistics/views-per-company.ts';
import type { CompanyViews } from '../statistics/views-per-company.ts';

const t = msg.credit.stats;
const used = (m: MonthStats) => m.usedActivations + m.usedMonthly;
const sum = (list: MonthStats[], f: (m: MonthStats) => number) => list.reduce((n, m) => n + f(m), 0);

type Company = CreditStatistics['companies'][number];

/**
 * The figures shown, once as 12-month charts (of the totals) and once as columns of the table
 * per company. Views come from the statistics route of each company (the credit statistics know
 * nothing of page views): one more chart and column, filled in when they arrive.
 */
const charts: { title: string; value: (m: MonthStats) => number }[] = [
  { title: t.activations, value: (m) => m.activations },
  { title: t.creditsUsed, value: used },
];

const columns: { label: string; cell: (c: Company) => ReactNode }[] = [
  { label: msg.credit.ui.company, cell: (c) => c.org },
  { label: t.activations, cell: (c) => sum(c.months, (m) => m.activations).toLocaleString('de-DE') },
  { label: t.creditsUsed, cell: (c) => sum(c.months, used).toLocaleString('de-DE') },
  { label: t.usedActivations, cell: (c) => sum(c.months, (m) => m.usedActivations).toLocaleString('de-DE') },
  { label: t.usedMonthly, cell: (c) => sum(c.months, (m) => m.usedMonthly).toLocaleString('de-DE') },
  { label: t.creditsAdded, cell: (c) => sum(c.months, (m) => m.added).toLocaleString('de-DE') },
  { label: msg.credit.ui.balance, cell: (c) => c.credits.toLocaleString('de-DE') },
];

/** `/v2/admin/statistik`: activations and credits used per month of the last 12, in charts and per company. */
export async function loader(): Promise<{ stats: CreditStatistics; views: Promise<Map<string, CompanyViews>> }> {
  const stats = await need(call(creditStatistics));
  // Not awaited: the credit figures show at once, the views column fills in when they arrive.
  return { stats, views: viewsPerCompany(stats.companies.map((c) => c.companyId), stats.months) };
}

export function AdminStatistics() {
  const { stats, views } = useLoaderData<typeof loader>();
  return (
    <Suspense fallback={<Figures stats={stats} views={null} />}>
      <Await resolve={views}>{(loaded: Map<string, CompanyViews>) => <Figures stats={stats} views={loaded} />}</Await>
    </Suspense>
  );
}

function Figures({ stats, views }: { stats: CreditStatistics; views: Map<string, CompanyViews> | null }) {
  const viewTotals = views ? stats.months.map((_, i) => [...views.values()].reduce((n, v) => n + (v.views[i] ?? 0), 0)) : null;

  return (
    <section className="card stack">
      <h1>{t.title}</h1>
      <div className="bar-charts">
        {charts.map((c) => <BarChart key={c.title} title={c.title} months={stats.months} values={stats.total.map(c.value)} />)}
        {viewTotals && <BarChart title={msg.statistic.ui.views} months={stats.months} values={viewTotals} />}
      </div>
      <div className="toolbar">
        <h2 className="toolbar-title">{t.perCompany}</h2>
        <span className="spacer" />
        <ExportButtons route={creditStatisticsExport} params={undefined} what={msg.exports.creditStatistics.what} fileBase={msg.exports.creditStatistics.filePrefix} />
      </div>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={t.perCompany}>
        <table className="data responsive" data-testid="statistics-table">
          <thead>
            <tr>{columns.map((c) => <th key={c.label}>{c.label}</th>)}<th>{msg.statistic.ui.views}</th></tr>
          </thead>
          <tbody>
            {stats.companies.map((company) => (
              <tr key={company.companyId}>
                {columns.map((c) => <td key={c.label} data-label={c.label}>{c.cell(company)}</td>)}
                <td data-label={msg.statistic.ui.views} data-testid="company-views">{views ? (views.get(company.companyId)?.total ?? 0).toLocaleString('de-DE') : ''}</td>
              </tr>
            ))}
            {stats.companies.length === 0 && <tr><td colSpan={columns.length + 1} className="muted">{msg.credit.ui.none}</td></tr>}
          </tbody>
        </table>
      </div>
    </section>
  );
}
