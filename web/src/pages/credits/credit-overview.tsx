import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { companyList } from '../../../../shared/api/routes/company.ts';
import { remainingMonths } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { LoadState } from '../../components/load-state.tsx';

const t = msg.credit.ui;

export interface CreditRow {
  id: string;
  org: string;
  credits: number;
  activeCards: number;
  inactiveCards: number;
  remainingMonths: number;
}

type SortKey = 'org' | 'credits' | 'inactiveCards' | 'remainingMonths';
const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

export function sortRows(rows: CreditRow[], key: SortKey, desc: boolean): CreditRow[] {
  const dir = desc ? -1 : 1;
  return [...rows].sort((a, b) => {
    const primary = key === 'org' ? collator.compare(a.org, b.org) : a[key] - b[key];
    return dir * primary || collator.compare(a.org, b.org);
  });
}

/** Spec §2: a company whose active cards have no month left is flagged. */
export const isDanger = (r: CreditRow) => r.remainingMonths === 0 && r.activeCards > 0;

/** `/v2/admin/credit`: every company's balance, sortable by company, credits, inactive cards, remaining months. */
export function CreditOverview() {
  const [rows, setRows] = useState<CreditRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sort, setSort] = useState<{ key: SortKey; desc: boolean }>({ key: 'org', desc: false });

  useEffect(() => {
    void call(companyList).then((res) => {
      if (!res.data) {
        setError(res.errorMessage ?? msg.company.loadFailed);
        return showError(res.errorMessage ?? msg.company.loadFailed);
      }
      setRows(res.data.map((c) => ({
        id: c.id,
        org: c.org,
        credits: c.credits,
        activeCards: c.cardCountActive,
        inactiveCards: c.cardCountTotal - c.cardCountActive,
        remainingMonths: remainingMonths(c.credits, c.cardCountActive),
      })));
    });
  }, []);

  const shown = useMemo(() => (rows ? sortRows(rows, sort.key, sort.desc) : []), [rows, sort]);
  if (!rows) return <LoadState error={error} />;

  const sortBy = (key: SortKey) => setSort((s) => (s.key === key ? { key, desc: !s.desc } : { key, desc: false }));
  const header = (key: SortKey, label: string) => {
    const active = sort.key === key;
    return (
      <th className="sortable" aria-sort={active ? (sort.desc ? 'descending' : 'ascending') : undefined}>
        <button type="button" className="th-sort" onClick={() => sortBy(key)}>
          {label}<span aria-hidden="true">{active ? (sort.desc ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  };

  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.overviewTitle}</h1>
      </div>
      <div className="table-scroll">
        <table className="data responsive actions-nowrap">
          <thead>
            <tr>
              {header('org', t.company)}
              {header('credits', t.credits)}
              <th>{t.activeCards}</th>
              {header('inactiveCards', t.inactiveCards)}
              {header('remainingMonths', t.remainingMonths)}
              <th><span className="visually-hidden">{t.details}</span></th>
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <tr key={r.id} className={isDanger(r) ? 'row-danger' : undefined} title={isDanger(r) ? t.dangerHint : undefined}>
                <td data-label={t.company}>{r.org}</td>
                <td data-label={t.credits}>{r.credits.toLocaleString('de-DE')}</td>
                <td data-label={t.activeCards}>{r.activeCards.toLocaleString('de-DE')}</td>
                <td data-label={t.inactiveCards}>{r.inactiveCards.toLocaleString('de-DE')}</td>
                <td data-label={t.remainingMonths}>
                  {r.remainingMonths.toLocaleString('de-DE')}
                  {isDanger(r) && <span className="visually-hidden"> ({t.dangerHint})</span>}
                </td>
                <td>
                  <Link className="btn" to={pathTo(paths.adminCreditDetail, { companyId: r.id })} aria-label={`${r.org} ${t.details}`}>{t.details}</Link>
                </td>
              </tr>
            ))}
            {rows.length === 0 && <tr><td colSpan={6} className="muted">{t.none}</td></tr>}
          </tbody>
        </table>
      </div>
    </section>
  );
}
