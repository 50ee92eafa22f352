import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { profileCreate, profileGet, profileUpdate } from '../../../../shared/api/routes/profile.ts';
import { createProfileSchema, updateProfileSchema } from '../../../../shared/schemas/profile.ts';
import type { Profile, ProfileInput, UpdateProfileData } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { paths } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';
import { reloadProfiles, useCompanyStore } from '../../state/company-store.ts';
import { bodyOf, duplicateOf, emptyProfile, tabOf, valuesOf } from './profile-values.ts';
import type { ProfileTab, ProfileValues, SettingsTab } from './profile-values.ts';
import { DataPanel, LogosPanel, SettingsPanel, SocialPanel } from './profile-panels.tsx';
import { LoadState } from '../../components/load-state.tsx';

const t = msg.profile;

interface Loaded {
  values: ProfileValues;
  /** Set when an existing profile is edited (not for a duplicate). */
  edit?: { id: string; version: number };
  companyId: string | null;
}

/**
 * `/v2/card/profil/add` and `/v2/card/profil/edit/:id`; with `?duplicate=true` the profile is
 * loaded (edit path) or taken from the navigation state (add path) and saved as a new one.
 */
export function ProfileForm() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { selectedId } = useCompanyStore();
  const duplicate = search.get('duplicate') === 'true';
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<ProfileTab>('daten');
  const [sub, setSub] = useState<SettingsTab>('styling');
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    const fromState = (location.state as { profile?: Profile } | null)?.profile;
    if (!id) {
      if (duplicate && fromState) setLoaded({ values: duplicateOf(fromState), companyId: fromState.companyId });
      else setLoaded({ values: emptyProfile(), companyId: null });
      return;
    }
    setLoaded(null);
    setLoadError(null);
    void call(profileGet, { params: { id } }).then((res) => {
      if (!current) return;
      if (!res.data) {
        setLoadError(res.errorMessage ?? t.notFound);
        return showError(res.errorMessage ?? t.notFound);
      }
      const p = res.data;
      setLoaded(duplicate
        ? { values: duplicateOf(p), companyId: p.companyId }
        : { values: valuesOf(p), edit: { id: p.id, version: p.version }, companyId: p.companyId });
    });
    return () => {
      current = false;
    };
  }, [id, duplicate, location.state]);

  if (!loaded) return <LoadState error={loadError} />;
  const values = loaded.values;
  // A new profile goes to the selected company; an existing one stays where it is.
  const companyId = loaded.companyId ?? selectedId;
  const setValues = (next: ProfileValues) => setLoaded({ ...loaded, values: next });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !loaded) return;
    const body = bodyOf(values);
    const edit = loaded.edit;
    const checked = edit
      ? validateForm(updateProfileSchema, { ...body, version: edit.version })
      : validateForm(createProfileSchema, { ...body, companyId: companyId ?? '' });
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      const first = Object.keys(checked.errors)[0];
      if (first) {
        const where = tabOf(first);
        setTab(where.tab);
        if (where.sub) setSub(where.sub);
      }
      if (!edit && !companyId) showError(t.saveNoCompany);
      return;
    }
    setBusy(true);
    const res = edit
      ? await call(profileUpdate, { params: { id: edit.id }, body: checked.data as UpdateProfileData })
      : await call(profileCreate, { body: checked.data as ProfileInput });
    setBusy(false);
    if (!res.data) {
      setErrors(res.fieldErrors ?? {});
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    showSuccess(loaded.edit ? t.edited : t.created);
    void reloadProfiles();
    await navigate(paths.profileOverview);
  }

  const has = (tabId: ProfileTab) => Object.keys(errors).some((k) => tabOf(k).tab === tabId);
  const panel = { values, errors, onChange: setValues };
  return (
    <section className="card form-card profile-form">
      <h1>{loaded.edit ? t.edit : t.add}</h1>
      <form onSubmit={submit} noValidate>
        <Tabs label={loaded.edit ? t.edit : t.add} value={tab} onChange={setTab}
          tabs={[
            { id: 'daten', label: t.tabs.daten, panel: <DataPanel {...panel} />, invalid: has('daten') },
            { id: 'logos', label: t.tabs.logos, panel: <LogosPanel {...panel} companyId={companyId} />, invalid: has('logos') },
            { id: 'social', label: t.tabs.social, panel: <SocialPanel {...panel} />, invalid: has('social') },
            { id: 'einstellungen', label: t.tabs.einstellungen, panel: <SettingsPanel {...panel} sub={sub} onSub={setSub} />, invalid: has('einstellungen') },
          ]} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={paths.profileOverview}>{t.cancel}</Link>
        </div>
      </form>
    </section>
  );
}
