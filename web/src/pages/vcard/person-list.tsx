import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { vcardCompanyList, vcardPersonDelete, vcardPersonList, vcardPersonListByCompany } from '../../../../shared/api/routes/vcard.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { BurgerMenu } from '../../components/burger-menu.tsx';
import { ConfirmModal } from '../../components/modal.tsx';

const t = msg.vcard.ui;
const fullName = (p: VcardPerson) => [p.nice, p.firstname, p.lastname].filter(Boolean).join(' ');

/** `/vcard/person` (optionally `?companyId=`): the legacy persons with a burger menu each. */
export function VcardPersonList() {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const companyId = search.get('companyId') ?? '';
  const [persons, setPersons] = useState<VcardPerson[] | null>(null);
  const [companies, setCompanies] = useState<VcardCompany[]>([]);
  const [toDelete, setToDelete] = useState<VcardPerson | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const res = companyId ? await call(vcardPersonListByCompany, { params: { companyId } }) : await call(vcardPersonList);
    if (res.data) setPersons(res.data);
    else showError(res.errorMessage ?? msg.errors.generic);
  }
  useEffect(() => {
    setPersons(null);
    void load();
  }, [companyId]);
  useEffect(() => {
    void call(vcardCompanyList).then((res) => res.data && setCompanies(res.data));
  }, []);

  async function remove(p: VcardPerson) {
    setBusy(true);
    const res = await call(vcardPersonDelete, { params: { id: p.id } });
    setBusy(false);
    setToDelete(null);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    showSuccess(t.personDeleted);
    await load();
  }

  const orgOf = new Map(companies.map((c) => [c.id, c.org]));
  const addTo = companyId || companies[0]?.id;

  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.persons}</h1>
        <span className="spacer" />
        <label>
          <span className="visually-hidden">{t.chooseCompany}</span>
          <select aria-label={t.chooseCompany} value={companyId}
            onChange={(e) => setSearch(e.target.value ? { companyId: e.target.value } : {})}>
            <option value="">{t.allCompanies}</option>
            {companies.map((c) => <option key={c.id} value={c.id}>{c.org}</option>)}
          </select>
        </label>
        <Link className="btn" to={paths.vcardCompanies}>{t.companies}</Link>
        {addTo && <Link className="btn btn-primary" to={`${paths.vcardPersonAdd}?companyId=${encodeURIComponent(addTo)}`}>{t.personAdd}</Link>}
      </div>
      <div className="table-scroll">
        <table className="data responsive">
          <thead>
            <tr>
              <th>{t.fields.lastname}</th>
              <th>{t.fields.firstname}</th>
              <th>{t.company}</th>
              <th>{t.views}</th>
              <th><span className="visually-hidden">{t.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {persons?.map((p) => (
              <tr key={p.id}>
                <td data-label={t.fields.lastname}>{p.lastname}</td>
                <td data-label={t.fields.firstname}>{p.firstname}</td>
                <td data-label={t.company}>{orgOf.get(p.companyId) ?? '–'}</td>
                <td data-label={t.views}>{p.views.toLocaleString('de-DE')}</td>
                <td>
                  <BurgerMenu label={t.actionsFor(fullName(p))} actions={[
                    { label: t.edit, onSelect: () => void navigate(pathTo(paths.vcardPersonEdit, { id: p.id })) },
                    { label: t.card, onSelect: () => window.open(pathTo(paths.theCard, { id: p.id }), '_blank', 'noopener') },
                    { label: t.test, onSelect: () => void navigate(pathTo(paths.vcardTest, { id: p.id })) },
                    { label: t.statistic, onSelect: () => void navigate(pathTo(paths.personStatistic, { id: p.id })) },
                    { label: t.delete, danger: true, onSelect: () => setToDelete(p) },
                  ]} />
                </td>
              </tr>
            ))}
            {persons?.length === 0 && <tr><td colSpan={5} className="muted">{t.none}</td></tr>}
            {!persons && <tr><td colSpan={5} className="muted">{msg.ui.loading}</td></tr>}
          </tbody>
        </table>
      </div>
      {toDelete && (
        <ConfirmModal title={t.deletePersonTitle} text={t.deletePersonText(fullName(toDelete))} confirmLabel={t.delete} cancelLabel={t.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </section>
  );
}
