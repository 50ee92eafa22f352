import { useCallback, useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { companyGet } from '../../../../shared/api/routes/company.ts';
import { creditGet, creditHistoryCreate, creditHistoryList } from '../../../../shared/api/routes/credit.ts';
import { createCreditEntrySchema } from '../../../../shared/schemas/credit.ts';
import type { CompanyCredit, CreditEntry } from '../../../../shared/schemas/credit.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { call } from '../../api/client.ts';
import { Field, validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';
import { LoadState } from '../../components/load-state.tsx';
import { creditsChanged } from '../../state/company-store.ts';

const t = msg.credit.ui;
type Tab = 'bearbeiten' | 'history';

/** The history in pages: the first page, and more on request. */
function useHistory(companyId: string) {
  const [items, setItems] = useState<CreditEntry[] | null>(null);
  const [next, setNext] = useState<string | undefined>();
  const load = useCallback(async (cursor?: string) => {
    const res = await call(creditHistoryList, { params: { id: companyId }, query: { ...(cursor ? { cursor } : {}) } });
    if (!res.data) return showError(res.errorMessage ?? msg.credit.errors.load);
    const page = res.data;
    setItems((old) => (cursor ? [...(old ?? []), ...page.items] : page.items));
    setNext(page.nextCursor);
  }, [companyId]);
  return { items, hasMore: Boolean(next), reload: () => load(), more: () => load(next) };
}

function HistoryTable({ items, hasMore, onMore }: { items: CreditEntry[] | null; hasMore: boolean; onMore: () => void }) {
  if (!items) return <p className="muted">{msg.ui.loading}</p>;
  if (!items.length) return <p className="muted">{t.noHistory}</p>;
  return (
    <div className="stack">
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

function EntryForm({ companyId, onBooked }: { companyId: string; onBooked: () => Promise<void> }) {
  const [credits, setCredits] = useState('');
  const [infotext, setInfotext] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(ev: FormEvent) {
    ev.preventDefault();
    if (busy) return;
    const checked = validateForm(createCreditEntrySchema, { companyId, credits, infotext });
    if (checked.errors) return setErrors(checked.errors);
    setErrors({});
    setBusy(true);
    const res = await call(creditHistoryCreate, { body: checked.data });
    setBusy(false);
    if (!res.data) {
      if (res.fieldErrors) setErrors(res.fieldErrors);
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    showSuccess(t.saved);
    setCredits('');
    setInfotext('');
    await onBooked();
  }

  return (
    <form className="stack" onSubmit={(ev) => void submit(ev)} noValidate>
      <h2>{t.addTitle}</h2>
      <div className="form-grid">
        <Field name="credits" label={t.amount} inputMode="numeric" value={credits} error={errors.credits}
          onChange={(ev) => setCredits(ev.target.value)} />
        <Field name="infotext" label={t.infotext} value={infotext} error={errors.infotext}
          onChange={(ev) => setInfotext(ev.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
      </div>
    </form>
  );
}

/** `/v2/admin/credit/detail/:companyId`: book credits (tab 'bearbeiten') and read the history (tab 'history'). */
export function CreditDetail() {
  const { companyId = '' } = useParams();
  const [org, setOrg] = useState<string | null>(null);
  const [credit, setCredit] = useState<CompanyCredit | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('bearbeiten');
  const history = useHistory(companyId);
  const { reload: reloadHistory } = history;

  const loadCredit = useCallback(async () => {
    const res = await call(creditGet, { params: { id: companyId } });
    if (!res.data) {
      setError(res.errorMessage ?? msg.credit.errors.load);
      return showError(res.errorMessage ?? msg.credit.errors.load);
    }
    setCredit(res.data);
  }, [companyId]);

  useEffect(() => {
    void call(companyGet, { params: { id: companyId } }).then((res) => {
      if (res.data) setOrg(res.data.org);
      else setError(res.errorMessage ?? msg.company.notFound);
    });
    void loadCredit();
    void reloadHistory();
  }, [companyId]);

  if (!credit || org === null) return <LoadState error={error} />;

  const booked = async () => {
    await Promise.all([loadCredit(), reloadHistory(), creditsChanged(companyId)]);
  };

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
        { id: 'bearbeiten', label: t.tabEdit, panel: <EntryForm companyId={companyId} onBooked={booked} /> },
        { id: 'history', label: t.tabHistory, panel: <HistoryTable items={history.items} hasMore={history.hasMore} onMore={() => void history.more()} /> },
      ]} />
    </section>
  );
}
