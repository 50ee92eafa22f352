import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { vcardCompanyDelete, vcardCompanyList } from '../../../../shared/api/routes/vcard.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { BurgerMenu } from '../../components/burger-menu.tsx';
import { ConfirmModal } from '../../components/modal.tsx';

const t = msg.vcard.ui;

/** `/vcard/company`: the legacy companies, each with a burger menu of its actions. */
export function VcardCompanyList() {
  const navigate = useNavigate();
  const [companies, setCompanies] = useState<VcardCompany[] | null>(null);
  const [toDelete, setToDelete] = useState<VcardCompany | null>(null);
  const [busy, setBusy] = useState(false);

  async function load() {
    const res = await call(vcardCompanyList);
    if (res.data) setCompanies(res.data);
    else showError(res.errorMessage ?? msg.errors.generic);
  }
  useEffect(() => {
    void load();
  }, []);

  async function remove(c: VcardCompany) {
    setBusy(true);
    const res = await call(vcardCompanyDelete, { params: { id: c.id } });
    setBusy(false);
    setToDelete(null);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    showSuccess(t.companyDeleted);
    await load();
  }

  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.companies}</h1>
        <span className="spacer" />
        <Link className="btn" to={paths.vcardPersons}>{t.persons}</Link>
        <Link className="btn btn-primary" to={paths.vcardCompanyAdd}>{t.companyAdd}</Link>
      </div>
      <div className="table-scroll">
        <table className="data responsive">
          <thead>
            <tr>
              <th>{t.fields.org}</th>
              <th>{t.fields.plz} / {t.fields.ort}</th>
              <th>{t.personsOf}</th>
              <th><span className="visually-hidden">{t.actions}</span></th>
            </tr>
          </thead>
          <tbody>
            {companies?.map((c) => (
              <tr key={c.id}>
                <td data-label={t.fields.org}>{c.org}</td>
                <td data-label={`${t.fields.plz} / ${t.fields.ort}`}>{c.plz} {c.ort}</td>
                <td data-label={t.personsOf}>{c.personCount}</td>
                <td>
                  <BurgerMenu label={t.actionsFor(c.org)} actions={[
                    { label: t.details, onSelect: () => void navigate(pathTo(paths.vcardCompanyDetails, { companyId: c.id })) },
                    { label: t.edit, onSelect: () => void navigate(pathTo(paths.vcardCompanyEdit, { id: c.id })) },
                    { label: t.settings, onSelect: () => void navigate(pathTo(paths.vcardCompanySettings, { userId: c.id })) },
                    { label: t.personsOf, onSelect: () => void navigate(`${paths.vcardPersons}?companyId=${encodeURIComponent(c.id)}`) },
                    { label: t.delete, danger: true, onSelect: () => setToDelete(c) },
                  ]} />
                </td>
              </tr>
            ))}
            {companies?.length === 0 && <tr><td colSpan={4} className="muted">{t.none}</td></tr>}
            {!companies && <tr><td colSpan={4} className="muted">{msg.ui.loading}</td></tr>}
          </tbody>
        </table>
      </div>
      {toDelete && (
        <ConfirmModal title={t.deleteCompanyTitle} text={t.deleteCompanyText(toDelete.org)} confirmLabel={t.delete} cancelLabel={t.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </section>
  );
}
