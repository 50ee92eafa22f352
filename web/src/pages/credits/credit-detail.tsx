import { creditHistoryExport } from '../../../../shared/api/routes/exports.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { companyGet } from '../../../../shared/api/routes/company.ts';
import { creditGet, creditHistoryCreate, creditHistoryList } from '../../../../shared/api/routes/credit.ts';
import { createCreditEntrySchema } from '../../../../shared/schemas/credit.ts';
import type { CreditEntry } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import { need } from '../../data.tsx';
import { showError } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';

const t = msg.credit.ui;
type Tab = 'bearbeiten' | 'history';

/** The company, its balance and the first page of its history; more pages on request. */
export async function loader({ params }: LoaderFunctionArgs) {
  const id = params.companyId ?? '';
  const [company, credit, history] = await Promise.all([
    need(call(companyGet, { params: { id } })),
    need(call(creditGet, { params: { id } })),
    need(call(creditHistoryList, { params: { id }, query: {} })),
  ]);
  return { companyId: id, org: company.org, credit, history };
}

/** The loaded first page, plus the pages fetched with "more" (dropped when the first page reloads). */
function useHistory(companyId: string, first: { items: CreditEntry[]; nextCursor?: string | undefined }) {
  const [extra, setExtra] = useState<{ first: typeof first; items: CreditEntry[]; next: string | undefined } | null>(null);
  const current = extra?.first === first ? extra : null;
  const next = current ? current.next : first.nextCursor;
  const more = async () => {
    const res = await call(creditHistoryList, { params: { id: companyId }, query: { ...(next ? { cursor: next } : {}) } });
    if (!res.data) return showError(res.errorMessage ?? msg.credit.errors.load);
    const page = res.data;
    setExtra({ first, items: [...(current?.items ?? []), ...page.items], next: page.nextCursor });
  };
  return { items: [...first.items, ...(current?.items ?? [])], hasMore: Boolean(next), more };
}

const historyColumns: ListColumn<CreditEntry>[] = [
  col.display('date', t.date, (e) => <span className="nowrap">{formatDateTime(e.createdAt)}</span>),
  col.number('credits', t.credits, (e) => e.credits, { cell: (e) => <span className={e.credits < 0 ? 'credits-negative' : undefined}>{e.credits.toLocaleString('de-DE')}</span> }),
  col.text('kind', t.kind, (e) => msg.credit.kinds[e.kind]),
  col.text('infotext', t.infotextColumn, (e) => e.infotext ?? '–'),
  col.text('who', t.who, (e) => e.createdByName ?? e.createdBy),
  col.display('card', t.card, (e) => (e.cardId ? <Link to={pathTo(paths.visitenkarteEdit, { id: e.cardId })}>{t.openCard}</Link> : '–')),
];

/** Newest first, as the server pages it (a sort would order only the pages loaded so far). */
function HistoryTable({ companyId, items, hasMore, onMore }: { companyId: string; items: CreditEntry[]; hasMore: boolean; onMore: () => void }) {
  return (
    <div className="stack">
      {items.length > 0 && (
        <div className="toolbar">
          <span className="spacer" />
          <ExportButtons route={creditHistoryExport} params={{ id: companyId }} what={msg.exports.creditHistory.what} fileBase={msg.exports.creditHistory.filePrefix} />
        </div>
      )}
      <ListTable label={t.tabHistory} rows={items} rowKey={(e) => e.id} columns={historyColumns} emptyText={t.noHistory} testId="credit-history" />
      {hasMore && <button type="button" className="btn" onClick={onMore}>{t.more}</button>}
    </div>
  );
}

function EntryForm({ companyId, onBooked }: { companyId: string; onBooked: () => void }) {
  const form = useForm({
    name: 'credit',
    initial: { credits: '', infotext: '' },
    parse: (v) => createCreditEntrySchema.safeParse({ companyId, ...v }),
  });
  // Balance, history and the header's credits load again (the write path revalidates).
  const submit = form.onSubmit(async (body) => {
    const res = await call(creditHistoryCreate, { body });
    if (res.data) onBooked();
    return res;
  }, { success: t.saved });

  return (
    <form className="stack" onSubmit={(ev) => void submit(ev)} noValidate>
      <h2>{t.addTitle}</h2>
      <div className="form-grid">
        <Field name="credits" label={t.amount} inputMode="numeric" {...form.input('credits')} />
        <Field name="infotext" label={t.infotext} {...form.input('infotext')} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.save}</button>
      </div>
      {form.prompt}
    </form>
  );
}

/** `/v2/admin/credit/detail/:companyId`: book credits (tab 'bearbeiten') and read the history (tab 'history'). */
export function CreditDetail() {
  const { companyId, org, credit, history: first } = useLoaderData<typeof loader>();
  const [tab, setTab] = useState<Tab>('bearbeiten');
  // A booking empties the form: a new one replaces it.
  const [round, setRound] = useState(0);
  const history = useHistory(companyId, first);

  return (
    <section className="card stack">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.detailTitle(org)}</h1>
        <span className="spacer" />
        <Link className="btn" to={paths.adminCredits}>{t.back}</Link>
      </div>
      <dl className="credit-summary">
        <div><dt>{t.balance}</dt><dd data-testid="credit-balance">{credit.credits.toLocaleString('de-DE')}</dd></div>
        <div><dt>{t.activeCards}</dt><dd>{credit.cardCountActive.toLocaleString('de-DE')}</dd></div>
        <div><dt>{t.inactiveCards}</dt><dd>{credit.inactiveCards.toLocaleString('de-DE')}</dd></div>
        <div><dt>{t.remainingMonths}</dt><dd data-testid="credit-months">{credit.remainingMonths.toLocaleString('de-DE')}</dd></div>
      </dl>
      <Tabs<Tab> label={t.detailTitle(org)} value={tab} onChange={setTab} tabs={[
        { id: 'bearbeiten', label: t.tabEdit, panel: <EntryForm key={round} companyId={companyId} onBooked={() => setRound((r) => r + 1)} /> },
        { id: 'history', label: t.tabHistory, panel: <HistoryTable companyId={companyId} items={history.items} hasMore={history.hasMore} onMore={() => void history.more()} /> },
      ]} />
    </section>
  );
}
