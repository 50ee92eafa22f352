import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLoaderData, useParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { personCreate, personDelete, personUpdate } from '../../../../shared/api/routes/person.ts';
import { personExport } from '../../../../shared/api/routes/exports.ts';
import { profileCreate, profileGet, profileList } from '../../../../shared/api/routes/profile.ts';
import { statisticCompany } from '../../../../shared/api/routes/statistic.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { Field } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError } from '../../toast.tsx';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { getUser, isAdmin } from '../../session.ts';
import { Modal } from '../../components/modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { personsOf } from '../cards/persons-of.ts';
import { CompanyForm, loader as companyLoader } from './company-form.tsx';

const t = msg.vcard.ui;

interface Panels {
  profiles: Profile[];
  persons: Person[];
  /** All-time views per card; empty when the statistics cannot be read. */
  views: Map<string, number>;
}

async function panelsOf(companyId: string): Promise<Panels> {
  const [profiles, stats] = await Promise.all([
    need(call(profileList, { params: { companyId } })),
    call(statisticCompany, { query: { companyId } }),
  ]);
  const persons = (await Promise.all(profiles.map((p) => need(personsOf(p.id))))).flat();
  return { profiles, persons, views: new Map((stats.data?.cards ?? []).map((c) => [c.personId, c.totalViews])) };
}

/** The company (the company form's loader) and, in edit mode, the anwender and profile tabs' data. */
export async function loader(args: LoaderFunctionArgs) {
  const companyId = args.params.companyId;
  const [base, panels] = await Promise.all([companyLoader(args), companyId ? panelsOf(companyId) : null]);
  return { ...base, panels };
}

/** The person modal's fields; the rest of the card is sent back as loaded. */
interface PersonValues { firstname: string; lastname: string; position: string; companyProfilId: string }

function PersonModal({ person: loaded, profiles, onClose, onSaved }: {
  /** The card to edit (as the loader read it), or null for a new one. */
  person: Person | null;
  profiles: Profile[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<PersonValues>(loaded
    ? { firstname: loaded.firstname, lastname: loaded.lastname, position: loaded.position ?? '', companyProfilId: loaded.companyProfilId }
    : { firstname: '', lastname: '', position: '', companyProfilId: profiles[0]?.id ?? '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, write } = useWrite();

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The modal is portalled out of the company form, but React still bubbles its submit there.
    e.stopPropagation();
    if (busy) return;
    const res = await write(loaded
      ? call(personUpdate, {
          params: { id: loaded.id },
          body: {
            ...loaded, ...values,
            adresseId: values.companyProfilId === loaded.companyProfilId ? loaded.adresseId : undefined,
            version: loaded.version,
          } as never,
        })
      : call(personCreate, { body: { ...values, tel: [], email: [], social: [] } as never }), { success: t.cardSaved });
    if (!res.data) return setErrors(res.fieldErrors ?? {});
    onSaved();
  }

  return (
    <Modal title={loaded ? t.personModalEdit : t.personModalNew} onClose={onClose} wide>
      <form onSubmit={submit} noValidate className="stack">
        <div className="form-grid">
          <Field name="firstname" label={t.fields.firstname} value={values.firstname} error={errors.firstname} onChange={(e) => setValues({ ...values, firstname: e.target.value })} />
          <Field name="lastname" label={t.fields.lastname} value={values.lastname} error={errors.lastname} onChange={(e) => setValues({ ...values, lastname: e.target.value })} />
          <Field name="position" label={t.fields.position} value={values.position} error={errors.position} onChange={(e) => setValues({ ...values, position: e.target.value })} />
          <label>
            {t.profileName}
            <select name="companyProfilId" value={values.companyProfilId} onChange={(e) => setValues({ ...values, companyProfilId: e.target.value })}>
              {profiles.map((p) => <option key={p.id} value={p.id}>{p.profilname}</option>)}
            </select>
            {errors.companyProfilId && <span className="field-error">{errors.companyProfilId}</span>}
          </label>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <button type="button" className="btn" onClick={onClose}>{t.cancel}</button>
        </div>
      </form>
    </Modal>
  );
}

/** Tab anwender (spec §2 Person list): surname, profile name, views; Karte, Wallet, edit, remove; admin Export; 'Neu anlegen'. */
function AnwenderPanel({ companyId, panels: { profiles, persons, views } }: { companyId: string; panels: Panels }) {
  const [editing, setEditing] = useState<Person | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<Person | null>(null);
  const { write } = useWrite();
  const admin = isAdmin(getUser());

  async function remove(p: Person) {
    await write(call(personDelete, { params: { id: p.id } }), { success: t.cardDeleted });
    setToDelete(null);
  }

  const profileName = new Map(profiles.map((p) => [p.id, p.profilname]));
  const sorted = [...persons].sort((a, b) => a.lastname.localeCompare(b.lastname, 'de') || a.firstname.localeCompare(b.firstname, 'de'));
  return (
    <div className="stack">
      <div className="toolbar">
        <h2 className="toolbar-title">{t.anwenderTitle}</h2>
        <span className="spacer" />
        {admin && (
          <button type="button" className="btn" onClick={() => void downloadFile(personExport, { companyId }, 'visitenkarten.csv').then((err) => err && showError(err))}>
            {t.export}
          </button>
        )}
        <button type="button" className="btn btn-primary" disabled={!profiles.length} title={profiles.length ? undefined : t.noProfile}
          onClick={() => setEditing(null)}>{t.newPerson}</button>
      </div>
      <table className="data responsive">
        <thead><tr><th>{t.surname}</th><th>{t.profileName}</th><th>{t.views}</th><th><span className="visually-hidden">{t.actions}</span></th></tr></thead>
        <tbody>
          {sorted.map((p) => (
            <tr key={p.id}>
              <td data-label={t.surname}>{p.lastname}, {p.firstname}</td>
              <td data-label={t.profileName}>{profileName.get(p.companyProfilId) ?? '–'}</td>
              <td data-label={t.views}>{(views.get(p.id) ?? 0).toLocaleString('de-DE')}</td>
              <td>
                <span className="row-actions">
                  <a className="btn" href={pathTo(paths.theCard, { id: p.id })} target="_blank" rel="noopener" aria-label={`${p.lastname} ${t.card}`}>{t.card}</a>
                  <Link className="btn" to={pathTo(paths.vcardWallet, { id: p.id })} aria-label={`${p.lastname} ${t.wallet}`}>{t.wallet}</Link>
                  <button type="button" className="btn" aria-label={`${p.lastname} ${t.edit}`} onClick={() => setEditing(p)}>{t.edit}</button>
                  <button type="button" className="btn btn-danger-outline" aria-label={`${p.lastname} ${t.remove}`} onClick={() => setToDelete(p)}>{t.remove}</button>
                </span>
              </td>
            </tr>
          ))}
          {sorted.length === 0 && <tr><td colSpan={4} className="muted">{t.none}</td></tr>}
        </tbody>
      </table>
      {editing !== undefined && (
        <PersonModal person={editing} profiles={profiles} onClose={() => setEditing(undefined)}
          onSaved={() => setEditing(undefined)} />
      )}
      {toDelete && (
        <ConfirmDialog title={t.deleteCardTitle} text={t.deleteCardText} confirmLabel={t.remove} cancelLabel={t.cancel}
          onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </div>
  );
}

/** Tab profile (spec §2 legacy profile table): name, cards, edit, duplicate (' Copy'). */
function ProfilePanel({ companyId, profiles }: { companyId: string; profiles: Profile[] }) {
  const { busy, write } = useWrite();
  async function duplicate(p: Profile) {
    // The list holds no full profile: read it, then create the copy.
    const full = await write(call(profileGet, { params: { id: p.id } }), { revalidate: false });
    if (!full.data) return;
    const { id: _id, cardCount: _c, version: _v, createdAt: _ca, updatedAt: _ua, ...content } = full.data;
    await write(call(profileCreate, { body: { ...content, companyId, profilname: `${content.profilname}${t.copySuffix}` } }), { success: t.profileDuplicated });
  }
  return (
    <table className="data responsive">
      <thead><tr><th>{t.profileName}</th><th>{t.cardCount}</th><th><span className="visually-hidden">{t.actions}</span></th></tr></thead>
      <tbody>
        {profiles.map((p) => (
          <tr key={p.id}>
            <td data-label={t.profileName}>{p.profilname}</td>
            <td data-label={t.cardCount}>{p.cardCount}</td>
            <td>
              <span className="row-actions">
                <Link className="btn" to={pathTo(paths.profileEdit, { id: p.id })} aria-label={`${p.profilname} ${t.edit}`}>{t.edit}</Link>
                <button type="button" className="btn" disabled={busy} aria-label={`${p.profilname} ${t.duplicate}`} onClick={() => void duplicate(p)}>{t.duplicate}</button>
              </span>
            </td>
          </tr>
        ))}
        {profiles.length === 0 && <tr><td colSpan={3} className="muted">{t.none}</td></tr>}
      </tbody>
    </table>
  );
}

function EditTabs({ companyId, panels }: { companyId: string; panels: Panels }) {
  return (
    <CompanyForm companyId={companyId} manageUsers manageSettings backTo={paths.companyLegacy}
      extraTabs={[
        { id: 'anwender', label: t.tabAnwender, panel: <AnwenderPanel companyId={companyId} panels={panels} /> },
        { id: 'profile', label: t.tabProfile, panel: <ProfilePanel companyId={companyId} profiles={panels.profiles} /> },
      ]} />
  );
}

/** `/company/add` and `/company/edit/:companyId` (legacy layout): the company form; in edit mode also anwender and profile. */
export function LegacyCompanyForm() {
  const { companyId } = useParams();
  const { panels } = useLoaderData<typeof loader>();
  if (!companyId || !panels) return <CompanyForm key="new" companyId={undefined} manageUsers manageSettings backTo={paths.companyLegacy} />;
  return <EditTabs key={companyId} companyId={companyId} panels={panels} />;
}
