import { useMemo } from 'react';
import { Link, useLoaderData } from 'react-router';
import { companyList } from '../../../../shared/api/routes/company.ts';
import { remainingMonths } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';

const t = msg.credit.ui;

export interface CreditRow {
  id: string;
  org: string;
  credits: number;
  activeCards: number;
  inactiveCards: number;
  remainingMonths: number;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

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

// The rows come ordered by company, so ties (same credits, same months) stay in that order.
export const creditColumns: ListColumn<CreditRow>[] = [
  col.text('org', t.company, (r) => r.org),
  col.number('credits', t.credits, (r) => r.credits),
  col.number('activeCards', t.activeCards, (r) => r.activeCards, { sort: false }),
  col.number('inactiveCards', t.inactiveCards, (r) => r.inactiveCards),
  col.number('remainingMonths', t.remainingMonths, (r) => r.remainingMonths, {
    cell: (r) => <>{r.remainingMonths.toLocaleString('de-DE')}{isDanger(r) && <span className="visually-hidden"> ({t.dangerHint})</span>}</>,
  }),
  col.actions((r) => r.org, (r) => [{ label: t.details, to: pathTo(paths.adminCreditDetail, { companyId: r.id }) }]),
];

/** `/v2/admin/credit`: every company's balance, sortable by company, credits, inactive cards, remaining months. */
export function CreditOverview() {
  const { rows } = useLoaderData<typeof loader>();
  const sorted = useMemo(() => [...rows].sort((a, b) => collator.compare(a.org, b.org)), [rows]);
  return (
    <ListScreen title={t.overviewTitle} count={false} rows={sorted} rowKey={(r) => r.id} columns={creditColumns}
      search={{ label: msg.company.search }} sort={{ initial: { id: 'org', desc: false } }} empty={{ text: t.none }}
      rowClassName={(r) => (isDanger(r) ? 'row-danger' : undefined)} rowTitle={(r) => (isDanger(r) ? t.dangerHint : undefined)} />
  );
}
