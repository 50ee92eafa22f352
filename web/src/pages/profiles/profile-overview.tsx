import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { profileDelete } from '../../../../shared/api/routes/profile.ts';
import { personCardCount } from '../../../../shared/api/routes/person.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { reloadProfiles, useCompanyStore } from '../../state/company-store.ts';

const t = msg.profile;

/** Cards per profile from the card-holder counters; null until they arrive. */
function useCardCounts(companyId: string | null, profiles: Profile[] | null): Map<string, number> | null {
  const [counts, setCounts] = useState<{ key: string; map: Map<string, number> } | null>(null);
  const key = `${companyId}:${profiles?.map((p) => `${p.id}.${p.version}`).join(',')}`;
  useEffect(() => {
    if (!companyId || !profiles) return;
    let current = true;
    void call(personCardCount, { query: { companyId } }).then((res) => {
      if (!current) return;
      // The profiles carry the same counter, so a failed count still shows numbers.
      const map = new Map(res.data ? res.data.map((c) => [c.profileId, c.count]) : profiles.map((p) => [p.id, p.cardCount]));
      setCounts({ key, map });
    });
    return () => {
      current = false;
    };
  }, [key]);
  return counts?.key === key ? counts.map : null;
}

/** `/v2/card/profil`: profiles of the selected company with cards per profile (spec §2). */
export function ProfileOverview() {
  const { companies, selectedId, profiles } = useCompanyStore();
  const counts = useCardCounts(selectedId, profiles);
  const [toDelete, setToDelete] = useState<Profile | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(p: Profile) {
    setBusy(true);
    const res = await call(profileDelete, { params: { id: p.id } });
    setBusy(false);
    setToDelete(null);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    showSuccess(t.deleted);
    await reloadProfiles();
  }

  if (companies && !selectedId) return <section className="card"><h1>{t.title}</h1><p className="muted">{msg.company.noneAssigned}</p></section>;
  const list = profiles ?? [];
  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.title}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" to={paths.profileAdd}>{t.add}</Link>
      </div>
      <div className="table-scroll">
        <table className="data responsive actions-nowrap">
          <thead>
            <tr>
              <th>{t.fields.profilname}</th>
              <th>{t.fields.firmenname}</th>
              <th>{t.cards}</th>
              <th><span className="visually-hidden">{t.edit_}</span></th>
            </tr>
          </thead>
          <tbody>
            {list.map((p) => {
              const cards = counts?.get(p.id) ?? p.cardCount;
              const blocked = cards > 0 ? t.deleteDisabledCards : list.length < 2 ? t.deleteDisabledOnly : null;
              return (
                <tr key={p.id}>
                  <td data-label={t.fields.profilname}>{p.profilname}</td>
                  <td data-label={t.fields.firmenname}>{p.firmenname ?? '–'}</td>
                  <td data-label={t.cards}>{counts ? cards : '…'}</td>
                  <td>
                    <span className="row-actions">
                      <Link className="btn" to={pathTo(paths.profileEdit, { id: p.id })} aria-label={`${p.profilname} ${t.edit_}`}>{t.edit_}</Link>
                      <Link className="btn" to={`${pathTo(paths.profileEdit, { id: p.id })}?duplicate=true`} aria-label={`${p.profilname} ${t.duplicate}`}>{t.duplicate}</Link>
                      <span className={blocked ? 'disabled-hint' : undefined} title={blocked ?? undefined}>
                        <button type="button" className="btn btn-danger-outline" disabled={Boolean(blocked) || !counts}
                          aria-label={`${p.profilname} ${t.delete}`} onClick={() => setToDelete(p)}>{t.delete}</button>
                      </span>
                    </span>
                  </td>
                </tr>
              );
            })}
            {profiles && list.length === 0 && <tr><td colSpan={4} className="muted">{t.none}</td></tr>}
            {!profiles && <tr><td colSpan={4} className="muted">{msg.ui.loading}</td></tr>}
          </tbody>
        </table>
      </div>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion} confirmLabel={t.delete} cancelLabel={t.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </section>
  );
}
