import { useMemo } from 'react';
import { Link, useLoaderData } from 'react-router';
import { companyList } from '../../../../shared/api/routes/company.ts';
import { remainingMonths } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ListScreen } from '../../components/list-screen.tsx';
import type { Column } from '../../components/list-screen.tsx';

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

export async function loader() {
  const companies = await need(call(companyList));
  return {
    rows: companies.map((c): CreditRow => ({
      id: c.id,
      org: c.org,
      credits: c.credits,
      activeCards: c.cardCountActive,
      inactiveCards: c.cardCountTotal - c.cardCountActive,
      remainingMonths: remainingMonths(c.credits, c.cardCountActive),
    })),
  };
}

const num = (n: number) => n.toLocaleString('de-DE');
// Ties (same credits, same months) are ordered by company, as sortRows does.
const columns: Column<CreditRow>[] = [
  { id: 'org', header: t.company, cell: (r) => r.org, sortValue: (r) => r.org },
  { id: 'credits', header: t.credits, cell: (r) => num(r.credits), sortValue: (r) => r.credits },
  { id: 'activeCards', header: t.activeCards, cell: (r) => num(r.activeCards) },
  { id: 'inactiveCards', header: t.inactiveCards, cell: (r) => num(r.inactiveCards), sortValue: (r) => r.inactiveCards },
  {
    id: 'remainingMonths', header: t.remainingMonths, sortValue: (r) => r.remainingMonths,
    cell: (r) => <>{num(r.remainingMonths)}{isDanger(r) && <span className="visually-hidden"> ({t.dangerHint})</span>}</>,
  },
  {
    id: 'details', header: t.details, hideHeader: true,
    cell: (r) => <Link className="btn" to={pathTo(paths.adminCreditDetail, { companyId: r.id })} aria-label={`${r.org} ${t.details}`}>{t.details}</Link>,
  },
];

/** `/v2/admin/credit`: every company's balance, sortable by company, credits, inactive cards, remaining months. */
export function CreditOverview() {
  const { rows } = useLoaderData<typeof loader>();
  const sorted = useMemo(() => sortRows(rows, 'org', false), [rows]);
  return (
    <ListScreen title={t.overviewTitle} count={false} rows={sorted} rowKey={(r) => r.id} columns={columns}
      sort={{ initial: { id: 'org', desc: false } }} empty={{ text: t.none }}
      rowClassName={(r) => (isDanger(r) ? 'row-danger' : undefined)} rowTitle={(r) => (isDanger(r) ? t.dangerHint : undefined)} />
  );
}
