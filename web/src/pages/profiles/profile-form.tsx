import { useState } from 'react';
import { Link, useLoaderData, useLocation, useSearchParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { profileCreate, profileGet, profileUpdate } from '../../../../shared/api/routes/profile.ts';
import { createProfileSchema, updateProfileSchema } from '../../../../shared/schemas/profile.ts';
import type { Profile, ProfileInput, UpdateProfileData } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import type { FieldErrors } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import type { Parsed } from '../../use-form.tsx';
import { need } from '../../data.tsx';
import { showError } from '../../toast.tsx';
import { paths } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';
import { useCompanyStore } from '../../state/company-store.ts';
import { bodyOf, duplicateOf, emptyProfile, tabOf, valuesOf } from './profile-values.ts';
import type { ProfileTab, ProfileValues, SettingsTab } from './profile-values.ts';
import { DataPanel, LogosPanel, SettingsPanel, SocialPanel } from './profile-panels.tsx';

const t = msg.profile;

interface Loaded {
  values: ProfileValues;
  /** Set when an existing profile is edited (not for a duplicate). */
  edit?: { id: string; version: number };
  companyId: string | null;
}

/** On the edit path the profile (an unknown id is 'Nicht gefunden' inside the layout). */
export async function loader({ params }: LoaderFunctionArgs) {
  return { profile: params.id ? await need(call(profileGet, { params: { id: params.id } })) : null };
}

/**
 * `/v2/card/profil/add` and `/v2/card/profil/edit/:id`; with `?duplicate=true` the profile is
 * loaded (edit path) or taken from the navigation state (add path) and saved as a new one. The
 * legacy company form edits its profiles in the legacy layout (`backTo` its profile tab).
 */
export function ProfileForm({ backTo = paths.profileOverview }: { backTo?: string }) {
  const { profile } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const location = useLocation();
  const duplicate = search.get('duplicate') === 'true';
  const fromState = (location.state as { profile?: Profile } | null)?.profile;
  const source = profile ?? (duplicate ? fromState : undefined);
  const loaded: Loaded = !source
    ? { values: emptyProfile(), companyId: null }
    : duplicate || !profile
      ? { values: duplicateOf(source), companyId: source.companyId }
      : { values: valuesOf(source), edit: { id: source.id, version: source.version }, companyId: source.companyId };
  const key = `${source?.id ?? 'new'}:${source?.version ?? ''}:${duplicate}`;
  return <ProfileFormFor key={key} loaded={loaded} backTo={backTo} />;
}

function ProfileFormFor({ loaded, backTo }: { loaded: Loaded; backTo: string }) {
  const { selectedId } = useCompanyStore();
  const [tab, setTab] = useState<ProfileTab>('daten');
  const [sub, setSub] = useState<SettingsTab>('styling');
  // A new profile goes to the selected company; an existing one stays where it is.
  const companyId = loaded.companyId ?? selectedId;
  const edit = loaded.edit;

  const form = useForm({
    name: 'profile',
    initial: loaded.values,
    parse: (v: ProfileValues): Parsed<unknown> => (edit
      ? updateProfileSchema.safeParse({ ...bodyOf(v), version: edit.version })
      : createProfileSchema.safeParse({ ...bodyOf(v), companyId: companyId ?? '' })),
    onInvalid: (errors: FieldErrors) => {
      const first = Object.keys(errors)[0];
      if (first) {
        const where = tabOf(first);
        setTab(where.tab);
        if (where.sub) setSub(where.sub);
      }
      if (!edit && !companyId) showError(t.saveNoCompany, { form: 'profile' });
    },
  });
  const { values, errors } = form;

  // The list (and the layout's profiles) load again on the way there.
  const submit = form.onSubmit((body) => (edit
    ? call(profileUpdate, { params: { id: edit.id }, body: body as UpdateProfileData })
    : call(profileCreate, { body: body as ProfileInput })), { success: edit ? t.edited : t.created, next: backTo });

  const has = (tabId: ProfileTab) => Object.keys(errors).some((k) => tabOf(k).tab === tabId);
  const panel = { values, errors, onChange: form.setValues };
  return (
    <section className="card form-card profile-form">
      <h1>{edit ? t.edit : t.add}</h1>
      <form onSubmit={submit} noValidate>
        <Tabs label={edit ? t.edit : t.add} value={tab} onChange={setTab}
          tabs={[
            { id: 'daten', label: t.tabs.daten, panel: <DataPanel {...panel} />, invalid: has('daten') },
            { id: 'logos', label: t.tabs.logos, panel: <LogosPanel {...panel} companyId={companyId} />, invalid: has('logos') },
            { id: 'social', label: t.tabs.social, panel: <SocialPanel {...panel} />, invalid: has('social') },
            { id: 'einstellungen', label: t.tabs.einstellungen, panel: <SettingsPanel {...panel} sub={sub} onSub={setSub} />, invalid: has('einstellungen') },
          ]} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.save}</button>
          <Link className="btn" to={backTo}>{t.cancel}</Link>
        </div>
        {form.prompt}
      </form>
    </section>
  );
}
