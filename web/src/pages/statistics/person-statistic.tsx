import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { statisticCard } from '../../../../shared/api/routes/statistic.ts';
import { vcardStatistic } from '../../../../shared/api/routes/vcard.ts';
import type { CardStatisticEntry } from '../../../../shared/schemas/statistic.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError } from '../../toast.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { viewsPerYear } from './figures.ts';

const t = msg.statistic.ui;

/** `/vcard/person/statistic/:id` (legacy layout): 'Übersicht - Statistik', 'Aufrufe Total', Jahr / Aufrufe. */
export function PersonStatistic() {
  const { id = '' } = useParams();
  const [entries, setEntries] = useState<CardStatisticEntry[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    void call(statisticCard, { params: { id } }).then(async (res) => {
      if (!current) return;
      if (res.data) return setEntries(res.data);
      // Not a V2 card: a legacy person (admins only) has the same counters under GET vcard/statistic/{id}.
      if (res.statusCode === 404) {
        const legacy = await call(vcardStatistic, { params: { id } });
        if (!current) return;
        if (legacy.data) return setEntries(legacy.data.days.map((d) => ({ personId: id, date: d.date, views: d.views, saves: 0 })));
      }
      setError(res.errorMessage ?? msg.errors.generic);
      showError(res.errorMessage ?? msg.errors.generic);
    });
    return () => {
      current = false;
    };
  }, [id]);
  if (!entries) return <LoadState error={error} />;
  const years = viewsPerYear(entries);
  const total = years.reduce((n, y) => n + y.views, 0);
  return (
    <section className="card stack">
      <h1>{t.personTitle}</h1>
      <p>{t.totalViews}: <strong data-testid="person-total-views">{total.toLocaleString('de-DE')}</strong></p>
      <table className="data" data-testid="person-years">
        <thead><tr><th>{t.year}</th><th>{t.views}</th></tr></thead>
        <tbody>
          {years.map((y) => <tr key={y.year}><td>{y.year}</td><td>{y.views.toLocaleString('de-DE')}</td></tr>)}
          {years.length === 0 && <tr><td colSpan={2} className="muted">{t.noEntries}</td></tr>}
        </tbody>
      </table>
      <p className="muted">{t.logDelay}</p>
    </section>
  );
}
