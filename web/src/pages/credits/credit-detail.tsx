import { creditHistoryExport } from '../../../../shared/api/routes/exports.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { useState } from 'react';
import { Link, useLoaderData, useRevalidator } from 'react-router';
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
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';

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

function HistoryTable({ companyId, items, hasMore, onMore }: { companyId: string; items: CreditEntry[] | null; hasMore: boolean; onMore: () => void }) {
  if (!items) return <p className="muted">{msg.ui.loading}</p>;
  if (!items.length) return <p className="muted">{t.noHistory}</p>;
  return (
    <div className="stack">
      <div className="toolbar">
        <span className="spacer" />
        <ExportButtons route={creditHistoryExport} params={{ id: companyId }} what={msg.exports.creditHistory.what} fileBase={msg.exports.creditHistory.filePrefix} />
      </div>
      <div className="table-scroll">
        <table className="data responsive" data-testid="credit-history">
          <thead>
            <tr>
              <th>{t.date}</th>
              <th>{t.credits}</th>
              <th>{t.kind}</th>
              <th>{t.infotextColumn}</th>
              <th>{t.who}</th>
              <th>{t.card}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((e) => (
              <tr key={e.id}>
                <td data-label={t.date} className="nowrap">{formatDateTime(e.createdAt)}</td>
                <td data-label={t.credits} className={e.credits < 0 ? 'credits-negative' : undefined}>{e.credits.toLocaleString('de-DE')}</td>
                <td data-label={t.kind}>{msg.credit.kinds[e.kind]}</td>
                <td data-label={t.infotextColumn}>{e.infotext ?? '–'}</td>
                <td data-label={t.who}>{e.createdByName ?? e.createdBy}</td>
                <td data-label={t.card}>
                  {e.cardId ? <Link to={pathTo(paths.visitenkarteEdit, { id: e.cardId })}>{t.openCard}</Link> : '–'}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {hasMore && <button type="button" className="btn" onClick={onMore}>{t.more}</button>}
    </div>
  );
}

function EntryForm({ companyId, onBooked }: { companyId: string; onBooked: () => void }) {
  const revalidator = useRevalidator();
  const form = useForm({
    name: 'credit',
    initial: { credits: '', infotext: '' },
    parse: (v) => createCreditEntrySchema.safeParse({ companyId, ...v }),
  });
  const submit = form.onSubmit(async (body) => {
    const res = await call(creditHistoryCreate, { body });
    if (!res.data) return res;
    showSuccess(t.saved, undefined, { form: 'credit' });
    // Balance, history and the header's credits load again.
    await revalidator.revalidate();
    onBooked();
    return res;
  });

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
