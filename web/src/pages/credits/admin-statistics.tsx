import { creditStatisticsExport } from '../../../../shared/api/routes/exports.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { Suspense, useMemo } from 'react';
import { Await, useLoaderData } from 'react-router';
import { creditStatistics } from '../../../../shared/api/routes/credit.ts';
import type { CreditStatistics, MonthStats } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { BarChart } from './bar-chart.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { viewsPerCompany } from '../statistics/views-per-company.ts';
import type { CompanyViews } from '../statistics/views-per-company.ts';

const t = msg.credit.stats;
const used = (m: MonthStats) => m.usedActivations + m.usedMonthly;
const sum = (list: MonthStats[], f: (m: MonthStats) => number) => list.reduce((n, m) => n + f(m), 0);

type Company = CreditStatistics['companies'][number];

/**
 * The figures shown, once as 12-month charts (of the totals) and once as columns of the table
 * per company (`columnsWith`). Views come from the statistics route of each company (the credit
 * statistics know nothing of page views): one more chart and column, filled in when they arrive.
 */
const charts: { title: string; value: (m: MonthStats) => number }[] = [
  { title: t.activations, value: (m) => m.activations },
  { title: t.creditsUsed, value: used },
];

/** Sums of the 12 months per company; the balance is today's. */
const total = (f: (m: MonthStats) => number) => (c: Company) => sum(c.months, f);

/** One company's views and taps, filled in when the statistics arrive (each cell waits, the table does not). */
function ViewsCell({ views, companyId }: { views: Promise<Map<string, CompanyViews>>; companyId: string }) {
  const empty = <span data-testid="company-views" />;
  return (
    <Suspense fallback={empty}>
      <Await resolve={views}>{(v: Map<string, CompanyViews>) => (
        <>
          <span data-testid="company-views">{(v.get(companyId)?.total ?? 0).toLocaleString('de-DE')}</span>
          {/* Taps beside the views in the same cell (issue 28): one more column would not fit a laptop's width. */}
          <small className="muted cell-note" data-testid="company-taps-total">{msg.statistic.ui.tapsOf(v.get(companyId)?.taps ?? 0)}</small>
        </>
      )}</Await>
    </Suspense>
  );
}

function columnsWith(views: Promise<Map<string, CompanyViews>>): ListColumn<Company>[] {
  return [
    col.text('org', msg.credit.ui.company, (c) => c.org),
    col.number('activations', t.activations, total((m) => m.activations)),
    // The split of the credits used sits in the same cell: two more columns would not fit a laptop's width.
    col.number('used', t.creditsUsed, total(used), {
      cell: (c) => (
        <>
          {total(used)(c).toLocaleString('de-DE')}
          <small className="muted cell-note">{t.usedSplit(total((m) => m.usedActivations)(c), total((m) => m.usedMonthly)(c))}</small>
        </>
      ),
    }),
    col.number('added', t.creditsAdded, total((m) => m.added)),
    col.number('balance', msg.credit.ui.balance, (c) => c.credits),
    col.display('views', msg.statistic.ui.views, (c) => <ViewsCell views={views} companyId={c.companyId} />, { numeric: true }),
  ];
}

/** `/v2/admin/statistik`: activations and credits used per month of the last 12, in charts and per company. */
export async function loader(): Promise<{ stats: CreditStatistics; views: Promise<Map<string, CompanyViews>> }> {
  const stats = await need(call(creditStatistics));
  // Not awaited: the credit figures show at once, the views column fills in when they arrive.
  return { stats, views: viewsPerCompany(stats.companies.map((c) => c.companyId), stats.months) };
}

export function AdminStatistics() {
  const { stats, views } = useLoaderData<typeof loader>();
  const columns = useMemo(() => columnsWith(views), [views]);
  return (
    <section className="card stack">
      <h1>{t.title}</h1>
      <div className="bar-charts">
        {charts.map((c) => <BarChart key={c.title} title={c.title} months={stats.months} values={stats.total.map(c.value)} />)}
        <Suspense fallback={null}>
          <Await resolve={views}>{(loaded: Map<string, CompanyViews>) => <BarChart title={msg.statistic.ui.views} months={stats.months} values={viewTotals(stats, loaded)} />}</Await>
        </Suspense>
      </div>
      <div className="toolbar">
        <h2 className="toolbar-title">{t.perCompany}</h2>
        <span className="spacer" />
        <ExportButtons route={creditStatisticsExport} params={undefined} what={msg.exports.creditStatistics.what} fileBase={msg.exports.creditStatistics.filePrefix} />
      </div>
      <ListTable label={t.perCompany} rows={stats.companies} rowKey={(c) => c.companyId} columns={columns} emptyText={msg.credit.ui.none}
        sort={{ initial: { id: 'org', desc: false } }} testId="statistics-table" tableClassName="statistics-table" />
    </section>
  );
}

/** All companies' views per month. */
const viewTotals = (stats: CreditStatistics, views: Map<string, CompanyViews>) =>
  stats.months.map((_, i) => [...views.values()].reduce((n, v) => n + (v.views[i] ?? 0), 0));
