import { useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { statisticCard } from '../../../../shared/api/routes/statistic.ts';
import { vcardStatistic } from '../../../../shared/api/routes/vcard.ts';
import type { CardStatisticEntry } from '../../../../shared/schemas/statistic.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { tapsPerKind, viewsPerYear } from './figures.ts';
import { TapsByKind } from './taps-by-kind.tsx';

const t = msg.statistic.ui;

/** The card's views per day; a legacy person (admins only) has the same counters under GET vcard/statistic/{id}. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ entries: CardStatisticEntry[] }> {
  const id = params.id ?? '';
  const res = await call(statisticCard, { params: { id } });
  if (res.data) return { entries: res.data };
  if (res.statusCode === 404) {
    const legacy = await call(vcardStatistic, { params: { id } });
    if (legacy.data) return { entries: legacy.data.days.map((d) => ({ personId: id, date: d.date, views: d.views, saves: 0, taps: 0, tapsByKind: {} })) };
  }
  return { entries: await need(Promise.resolve(res)) };
}

/** `/vcard/person/statistic/:id` (legacy layout): 'Übersicht - Statistik', 'Aufrufe Total', Jahr / Aufrufe. */
export function PersonStatistic() {
  const { entries } = useLoaderData<typeof loader>();
  const years = viewsPerYear(entries);
  const total = years.reduce((n, y) => n + y.views, 0);
  const taps = years.reduce((n, y) => n + y.taps, 0);
  return (
    <section className="card stack">
      <h1>{t.personTitle}</h1>
      <p>{t.totalViews}: <strong data-testid="person-total-views">{total.toLocaleString('de-DE')}</strong></p>
      <p>{t.totalTaps}: <strong data-testid="person-total-taps">{taps.toLocaleString('de-DE')}</strong></p>
      <table className="data" data-testid="person-years">
        <thead><tr><th>{t.year}</th><th>{t.views}</th><th>{t.taps}</th></tr></thead>
        <tbody>
          {years.map((y) => <tr key={y.year}><td>{y.year}</td><td>{y.views.toLocaleString('de-DE')}</td><td>{y.taps.toLocaleString('de-DE')}</td></tr>)}
          {years.length === 0 && <tr><td colSpan={3} className="muted">{t.noEntries}</td></tr>}
        </tbody>
      </table>
      <TapsByKind kinds={tapsPerKind(entries)} testId="person-taps" />
      <p className="muted">{t.logDelay}</p>
    </section>
  );
}
