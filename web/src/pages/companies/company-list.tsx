import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { companyDelete, companyList } from '../../../../shared/api/routes/company.ts';
import type { Company } from '../../../../shared/schemas/company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { loadCompanies } from '../../state/company-store.ts';

const t = msg.company;

/** Admin company list (spec §2): search by name, sorted by org, add, edit, delete after a question. */
export function CompanyList() {
  const [companies, setCompanies] = useState<Company[] | null>(null);
  const [search, setSearch] = useState('');
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const res = await call(companyList);
    if (res.data) setCompanies(res.data);
    else showError(t.loadFailed);
  }
  useEffect(() => {
    void load();
  }, []);

  async function remove(company: Company) {
    setBusy(true);
    const res = await call(companyDelete, { params: { id: company.id } });
    setBusy(false);
    setToDelete(null);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    showSuccess(t.deleted);
    await Promise.all([load(), loadCompanies()]);
  }

  const needle = search.trim().toLocaleLowerCase('de');
  const shown = companies?.filter((c) => c.org.toLocaleLowerCase('de').includes(needle)) ?? [];

  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.title}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" to={paths.adminCompanyAdd}>{t.add}</Link>
      </div>
      <div className="toolbar">
        <input type="search" aria-label={t.search} placeholder={t.search} value={search} onChange={(e) => setSearch(e.target.value)} />
      </div>
      <div className="table-scroll">
        <table className="data responsive actions-nowrap">
          <thead>
            <tr>
              <th>{t.name}</th>
              <th>{t.lang}</th>
              <th>{t.usersShort}</th>
              <th>{t.cards}</th>
              <th>{t.credits}</th>
              <th><span className="visually-hidden">{t.actions.edit}</span></th>
            </tr>
          </thead>
          <tbody>
            {shown.map((c) => (
              <tr key={c.id}>
                <td data-label={t.name}>{c.org}</td>
                <td data-label={t.lang}>{t.langs[c.lang as keyof typeof t.langs] ?? c.lang}</td>
                <td data-label={t.usersShort}>{c.users.map((u) => u.username).join(', ') || '–'}</td>
                <td data-label={t.cards}>{t.activeOf(c.cardCountActive, c.cardCountTotal)}</td>
                <td data-label={t.credits}>{c.credits.toLocaleString('de-DE')}</td>
                <td>
                  <span className="row-actions">
                    <Link className="btn" to={pathTo(paths.adminCompanyEdit, { companyId: c.id })} aria-label={`${c.org} ${t.actions.edit}`}>{t.actions.edit}</Link>
                    <button type="button" className="btn btn-danger-outline" aria-label={`${c.org} ${t.actions.delete}`} onClick={() => setToDelete(c)}>{t.actions.delete}</button>
                  </span>
                </td>
              </tr>
            ))}
            {companies && shown.length === 0 && (
              <tr><td colSpan={6} className="muted">{companies.length ? t.noMatch : t.none}</td></tr>
            )}
            {!companies && <tr><td colSpan={6} className="muted">{msg.ui.loading}</td></tr>}
          </tbody>
        </table>
      </div>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion} confirmLabel={t.actions.delete} cancelLabel={t.actions.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </section>
  );
}
