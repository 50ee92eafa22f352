import { statisticCompanyExport } from '../../../../shared/api/routes/exports.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { Suspense } from 'react';
import { Await, Link, Navigate, useLoaderData } from 'react-router';
import { profileList } from '../../../../shared/api/routes/profile.ts';
import { statisticCompany } from '../../../../shared/api/routes/statistic.ts';
import type { CompanyStatistic } from '../../../../shared/schemas/statistic.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need, useFreshFor } from '../../data.tsx';
import { getUser } from '../../session.ts';
import { paths, pathTo } from '../../paths.ts';
import { useCompanyStore } from '../../state/company-store.ts';
import { selectedCompanyId } from '../../state/selection.ts';
import { LoadState } from '../../components/load-state.tsx';
import { BarChart } from '../credits/bar-chart.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { personsOf } from '../cards/persons-of.ts';
import { statisticsVisible } from './company-statistics.ts';
import { formatViewsPerCard, tapsPerKind } from './figures.ts';
import { TapsByKind } from './taps-by-kind.tsx';

const t = msg.statistic.ui;
const sum = (list: number[]) => list.reduce((a, b) => a + b, 0);

interface Figures {
  stats: CompanyStatistic;
  persons: Person[];
}

async function figuresOf(companyId: string): Promise<Figures> {
  const [stats, persons] = await Promise.all([
    need(call(statisticCompany, { query: { companyId } })),
    need(call(profileList, { params: { companyId } })).then(async (profiles) => (await Promise.all(profiles.map((p) => need(personsOf(p.id))))).flat()),
  ]);
  return { stats, persons };
}

/**
 * The selected company's statistics and card holders. Not awaited: whether they may be seen
 * (statistik flag) is known from the layout's companies only; a company without it is left
 * before the figures are shown, and its refusal (403) is never shown.
 */
export function loader() {
  const companyId = selectedCompanyId();
  const figures = companyId ? figuresOf(companyId) : null;
  // Handled here so a refusal nobody renders is no unhandled rejection; <Await> still sees it.
  figures?.catch(() => undefined);
  return { companyId, figures };
}

/**
 * `/v2/card/statistik` (spec §2, §9): the selected company's card holders with their views per
 * month of the last 12 (bars at 90% of the largest), totals, views per active card and saves.
 * Only with the company's statistik flag (admins always); otherwise to `/v2/card/company`.
 */
export function StatistikOverview() {
  const { companyId, figures } = useLoaderData<typeof loader>();
  const store = useCompanyStore();
  useFreshFor(companyId);
  const settled = store.companies !== null && companyId === store.selectedId;
  const company = store.companies?.find((c) => c.id === store.selectedId) ?? null;
  if (!settled && store.companies === null) return <LoadState error={null} />;
  if (!company) return <section className="card"><p className="muted">{t.noCompany}</p></section>;
  if (!statisticsVisible(getUser(), company)) return <Navigate to={paths.cardCompany} replace />;
  if (!settled || !figures) return <LoadState error={null} />;
  return (
    <Suspense fallback={<LoadState error={null} />}>
      <Await resolve={figures}>{(loaded: Figures) => <Statistik companyId={company.id} figures={loaded} activeCards={company.cardCountActive} />}</Await>
    </Suspense>
  );
}

interface Row { id: string; name: string; lastname: string; views: number[]; saves: number[]; taps: number[]; tapsByKind: Record<string, number> }

/** Name (to the card's own statistics), its chart of the 12 months, the window's total views, saves and taps. */
const rowColumns = (months: string[]): ListColumn<Row>[] => [
  col.text('name', t.name, (r) => r.name, { cell: (r) => <Link to={pathTo(paths.statistikPerson, { id: r.id })}>{r.name}</Link> }),
  col.display('chart', t.views, (r) => <BarChart title={r.name} months={months} values={r.views} compact />),
  col.number('total', t.total, (r) => sum(r.views), { cell: (r) => <span data-testid="row-views">{sum(r.views).toLocaleString('de-DE')}</span> }),
  col.number('saves', t.saves, (r) => sum(r.saves), { cell: (r) => <span data-testid="row-saves">{sum(r.saves).toLocaleString('de-DE')}</span> }),
  col.number('taps', t.taps, (r) => sum(r.taps), { cell: (r) => <span data-testid="row-taps">{sum(r.taps).toLocaleString('de-DE')}</span> }),
];

function Statistik({ companyId, figures, activeCards }: { companyId: string; figures: Figures; activeCards: number }) {
  const { stats, persons } = figures;
  const byId = new Map(stats.cards.map((c) => [c.personId, c]));
  const zeros = stats.months.map(() => 0);
  const rows: Row[] = persons
    .map((p) => {
      const c = byId.get(p.id);
      return { id: p.id, name: `${p.firstname} ${p.lastname}`.trim(), lastname: p.lastname, views: c?.views ?? zeros, saves: c?.saves ?? zeros, taps: c?.taps ?? zeros, tapsByKind: c?.tapsByKind ?? {} };
    })
    .sort((a, b) => a.lastname.localeCompare(b.lastname, 'de'));

  // Deleted cards' counters are gone; cards the list does not know (a race with a delete) are left out.
  const monthTotals = stats.months.map((_, i) => sum(rows.map((r) => r.views[i] ?? 0)));
  const totalViews = sum(monthTotals);
  const totalSaves = sum(rows.map((r) => sum(r.saves)));
  const totalTaps = sum(rows.map((r) => sum(r.taps)));
  const active = activeCards;

  return (
    <section className="card stack statistik">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.overviewTitle}</h1>
        <span className="spacer" />
        <ExportButtons route={statisticCompanyExport} params={{ companyId }} what={msg.exports.statistics.what} fileBase={msg.exports.statistics.filePrefix} />
      </div>
      <dl className="statistik-summary">
        <div><dt>{t.totalViews}</dt><dd data-testid="total-views">{totalViews.toLocaleString('de-DE')}</dd></div>
        <div><dt>{t.viewsPerActiveCard}</dt><dd data-testid="views-per-card">{formatViewsPerCard(totalViews, active)}</dd></div>
        <div><dt>{t.saves}</dt><dd data-testid="total-saves">{totalSaves.toLocaleString('de-DE')}</dd></div>
        <div><dt>{t.taps}</dt><dd data-testid="total-taps">{totalTaps.toLocaleString('de-DE')}</dd></div>
      </dl>
      <p className="muted">{t.logDelay}</p>
      <div className="bar-charts">
        <BarChart title={t.companyChart} months={stats.months} values={monthTotals} />
      </div>
      <ListTable label={t.perCard} rows={rows} rowKey={(r) => r.id} columns={rowColumns(stats.months)} emptyText={t.noEntries}
        sort={{ initial: { id: 'name', desc: false } }} testId="statistik-table" tableClassName="statistik-persons" />
      <TapsByKind kinds={tapsPerKind(rows)} testId="company-taps" allTime />
    </section>
  );
}
