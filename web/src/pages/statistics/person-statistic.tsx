import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { cardSummary } from '../../../../shared/api/routes/person.ts';
import { statisticCard } from '../../../../shared/api/routes/statistic.ts';
import type { CardStatisticEntry } from '../../../../shared/schemas/statistic.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { viewsPerYear } from './figures.ts';

const t = msg.statistic.ui;
const fullName = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`.trim();

/** Whose figures (a V2 or, for admins, a legacy card: the server says which) and the card's views per day. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ name: string; entries: CardStatisticEntry[] }> {
  const id = params.id ?? '';
  const [card, entries] = await Promise.all([need(call(cardSummary, { params: { id } })), need(call(statisticCard, { params: { id } }))]);
  return { name: fullName(card), entries };
}

const yearColumns: ListColumn<{ year: string; views: number }>[] = [
  col.text('year', t.year, (y) => y.year, { search: false }),
  col.number('views', t.views, (y) => y.views),
];

/**
 * One card's views (spec §2 'Übersicht - Statistik', 'Aufrufe Total' (shown 'gesamt'), Jahr / Aufrufe),
 * titled with whose they are: `/v2/card/statistik/:id` in the V2 layout (from the statistics
 * overview) and `/vcard/person/statistic/:id` in the legacy layout (from the legacy person list).
 */
export function PersonStatistic({ backTo }: { backTo: { to: string; label: string } }) {
  const { name, entries } = useLoaderData<typeof loader>();
  const years = viewsPerYear(entries);
  const total = years.reduce((n, y) => n + y.views, 0);
  return (
    <section className="card stack">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.personTitleOf(name)}</h1>
        <span className="spacer" />
        <Link className="btn" to={backTo.to}>{backTo.label}</Link>
      </div>
      <p>{t.totalViews}: <strong data-testid="person-total-views">{total.toLocaleString('de-DE')}</strong></p>
      <ListTable label={t.personTitleOf(name)} rows={years} rowKey={(y) => y.year} columns={yearColumns} emptyText={t.noEntries} testId="person-years" />
      <p className="muted">{t.logDelay}</p>
    </section>
  );
}
