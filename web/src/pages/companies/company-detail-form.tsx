import { useMemo, useState } from 'react';
import { useLoaderData, useParams, useSearchParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { personCreate, personDelete, personUpdate } from '../../../../shared/api/routes/person.ts';
import { personExport } from '../../../../shared/api/routes/exports.ts';
import { profileCreate, profileGet, profileList } from '../../../../shared/api/routes/profile.ts';
import { statisticCompany } from '../../../../shared/api/routes/statistic.ts';
import { createPersonSchema, updatePersonSchema } from '../../../../shared/schemas/person.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import type { Parsed } from '../../use-form.tsx';
import { showError } from '../../toast.tsx';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { getUser, isAdmin } from '../../session.ts';
import { Modal } from '../../components/modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
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

/** The request body: a new card from the modal's fields, or the loaded card with them (a new profile drops the address, spec §4). */
function bodyOf(loaded: Person | null, v: PersonValues) {
  if (!loaded) return { ...v, tel: [], email: [], social: [] };
  return { ...loaded, ...v, adresseId: v.companyProfilId === loaded.companyProfilId ? loaded.adresseId : undefined, version: loaded.version };
}

/** Edits first and last name, position and profile of a card (spec §2 person list: a modal edits a person). */
function PersonModal({ person: loaded, profiles, onClose }: {
  /** The card to edit (as the loader read it), or null for a new one. */
  person: Person | null;
  profiles: Profile[];
  onClose: () => void;
}) {
  const form = useForm({
    name: 'anwender',
    initial: loaded
      ? { firstname: loaded.firstname, lastname: loaded.lastname, position: loaded.position ?? '', companyProfilId: loaded.companyProfilId }
      : { firstname: '', lastname: '', position: '', companyProfilId: profiles[0]?.id ?? '' },
    parse: (v: PersonValues): Parsed<unknown> => (loaded ? updatePersonSchema : createPersonSchema).safeParse(bodyOf(loaded, v)),
  });
  const submit = form.onSubmit((body) => (loaded
    ? call(personUpdate, { params: { id: loaded.id }, body: body as never })
    : call(personCreate, { body: body as never })), { success: t.cardSaved });

  return (
    <Modal title={loaded ? t.personModalEdit : t.personModalNew} onClose={onClose} wide>
      {/* The modal is portalled out of the company form, but React still bubbles its submit there. */}
      <form noValidate className="stack" onSubmit={(e) => {
        e.stopPropagation();
        void submit(e).then((res) => res?.data && onClose());
      }}>
        <div className="form-grid">
          <Field name="firstname" label={t.fields.firstname} {...form.input('firstname')} />
          <Field name="lastname" label={t.fields.lastname} {...form.input('lastname')} />
          <Field name="position" label={t.fields.position} {...form.input('position')} />
          <div className="field">
            <label htmlFor="anwender-profile">{t.profileName}</label>
            <select id="anwender-profile" name="companyProfilId" value={form.values.companyProfilId}
              onChange={(e) => form.set('companyProfilId', e.target.value)} aria-invalid={form.errors.companyProfilId ? true : undefined}>
              {profiles.map((p) => <option key={p.id} value={p.id}>{p.profilname}</option>)}
            </select>
            {form.errors.companyProfilId && <span className="field-error">{form.errors.companyProfilId}</span>}
          </div>
        </div>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.save}</button>
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
  const { busy, write } = useWrite();
  const admin = isAdmin(getUser());

  async function remove(p: Person) {
    await write(call(personDelete, { params: { id: p.id } }), { success: t.cardDeleted });
    setToDelete(null);
  }

  const columns = useMemo<ListColumn<Person>[]>(() => {
    const profileName = new Map(profiles.map((p) => [p.id, p.profilname]));
    return [
      col.text('lastname', t.surname, (p) => `${p.lastname}, ${p.firstname}`),
      col.text('profile', t.profileName, (p) => profileName.get(p.companyProfilId) ?? '–'),
      col.number('views', t.views, (p) => views.get(p.id) ?? 0),
      col.actions((p) => `${p.firstname} ${p.lastname}`, (p) => [
        { label: t.card, href: pathTo(paths.theCard, { id: p.id }), newTab: true },
        { label: t.wallet, to: pathTo(paths.vcardWallet, { id: p.id }) },
        { label: t.edit, onSelect: () => setEditing(p) },
        { label: t.delete, danger: true, onSelect: () => setToDelete(p) },
      ]),
    ];
  }, [profiles, views]);

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
      <ListTable label={t.anwenderTitle} rows={persons} rowKey={(p) => p.id} columns={columns} emptyText={t.none}
        search={{ label: t.search }} sort={{ initial: { id: 'lastname', desc: false } }} />
      {editing !== undefined && <PersonModal person={editing} profiles={profiles} onClose={() => setEditing(undefined)} />}
      {toDelete && (
        <ConfirmDialog title={t.deleteCardTitle} text={t.deleteCardText(`${toDelete.firstname} ${toDelete.lastname}`)} confirmLabel={t.delete}
          cancelLabel={t.cancel} busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </div>
  );
}

/** Tab profile (spec §2 legacy profile table): name, cards, edit (in the legacy layout), duplicate (' Copy'). */
function ProfilePanel({ companyId, profiles }: { companyId: string; profiles: Profile[] }) {
  const { write } = useWrite();
  const columns = useMemo<ListColumn<Profile>[]>(() => {
    async function duplicate(p: Profile) {
      // The list holds no full profile: read it, then create the copy.
      const full = await write(call(profileGet, { params: { id: p.id } }), { revalidate: false });
      if (!full.data) return;
      const { id: _id, cardCount: _c, version: _v, createdAt: _ca, updatedAt: _ua, ...content } = full.data;
      await write(call(profileCreate, { body: { ...content, companyId, profilname: `${content.profilname}${t.copySuffix}` } }), { success: t.profileDuplicated });
    }
    return [
      col.text('profilname', t.profileName, (p) => p.profilname),
      col.number('cards', t.cardCount, (p) => p.cardCount),
      col.actions((p) => p.profilname, (p) => [
        { label: t.edit, to: pathTo(paths.companyLegacyProfileEdit, { companyId, id: p.id }) },
        { label: t.duplicate, onSelect: () => void duplicate(p) },
      ]),
    ];
  }, [companyId, write]);
  return (
    <div className="stack">
      <h2>{t.tabProfile}</h2>
      <ListTable label={t.tabProfile} rows={profiles} rowKey={(p) => p.id} columns={columns} emptyText={t.none}
        sort={{ initial: { id: 'profilname', desc: false } }} />
    </div>
  );
}

/** `/company/add` and `/company/edit/:companyId` (legacy layout): the company form; in edit mode also anwender and profile (`?tab=profile` opens that tab). */
export function CompanyDetailForm() {
  const { companyId } = useParams();
  const [search] = useSearchParams();
  const { panels } = useLoaderData<typeof loader>();
  if (!companyId || !panels) return <CompanyForm key="new" companyId={undefined} manageUsers manageSettings backTo={paths.companyLegacy} />;
  return (
    <CompanyForm key={companyId} companyId={companyId} manageUsers manageSettings backTo={paths.companyLegacy} initialTab={search.get('tab') ?? undefined}
      extraTabs={[
        { id: 'anwender', label: t.tabAnwender, panel: <AnwenderPanel companyId={companyId} panels={panels} /> },
        { id: 'profile', label: t.tabProfile, panel: <ProfilePanel companyId={companyId} profiles={panels.profiles} /> },
      ]} />
  );
}
