import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { companyCreate, companyGet, companyUpdate } from '../../../../shared/api/routes/company.ts';
import { userList } from '../../../../shared/api/routes/user.ts';
import { companyLangs, createCompanySchema, updateCompanySchema } from '../../../../shared/schemas/company.ts';
import type { Company, CompanyUser, CreateCompanyData, UpdateCompanyData } from '../../../../shared/schemas/company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field, validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showInfo, showSuccess } from '../../toast.tsx';
import { paths } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';
import type { TabDef } from '../../components/tabs.tsx';
import { loadCompanies, useCompanyStore } from '../../state/company-store.ts';
import { getUser, isAdmin } from '../../session.ts';
import { LoadState } from '../../components/load-state.tsx';

const t = msg.company;
/** Spec §5/§9: the user search starts at 3 characters. */
const SEARCH_MIN = 3;

interface Values {
  org: string;
  lang: string;
  statistik: boolean;
  users: CompanyUser[];
}

const EMPTY: Values = { org: '', lang: 'de', statistik: true, users: [] };

function valuesOf(c: Company): Values {
  return { org: c.org, lang: c.lang, statistik: c.display.statistik, users: c.users };
}

/** Users found by the search (from 3 characters), minus those already assigned. */
function UserSearch({ assigned, onAdd }: { assigned: CompanyUser[]; onAdd: (u: CompanyUser) => void }) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<CompanyUser[] | null>(null);
  const query = search.trim();
  useEffect(() => {
    if (query.length < SEARCH_MIN) return setFound(null);
    let current = true;
    const timer = setTimeout(() => {
      void call(userList, { query: { search: query } }).then((res) => {
        if (!current) return;
        if (res.data) setFound(res.data.map((u) => ({ id: u.id, username: u.username, email: u.email })));
        else showError(res.errorMessage ?? msg.errors.generic);
      });
    }, 250);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [query]);
  const candidates = found?.filter((u) => !assigned.some((a) => a.id === u.id)) ?? [];
  return (
    <div className="user-search">
      <label>
        {t.addUser}
        <input type="search" value={search} placeholder={t.userSearch} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {found && (
        <ul className="plain-list">
          {candidates.map((u) => (
            <li key={u.id}>
              <span>{u.username} <span className="muted">{u.email}</span></span>
              <button type="button" className="btn btn-small" aria-label={`${u.username} ${t.addUser}`}
                onClick={() => { onAdd(u); setSearch(''); }}>{t.addUser}</button>
            </li>
          ))}
          {candidates.length === 0 && <li className="muted">{t.noUserFound}</li>}
        </ul>
      )}
    </div>
  );
}

interface FormProps {
  /** The company to edit; undefined creates one. */
  companyId: string | undefined;
  /** Admins also manage the assigned users (spec §2 benutzerverwaltung). */
  manageUsers: boolean;
  /** Only admins switch the company's settings (the statistics display). */
  manageSettings: boolean;
  backTo: string;
  /** Further tabs after the two of the form (the legacy /company edit form: anwender, profile). */
  extraTabs?: TabDef<string>[];
}

export function CompanyForm({ companyId, manageUsers, manageSettings, backTo, extraTabs = [] }: FormProps) {
  const navigate = useNavigate();
  const editing = companyId !== undefined;
  const [values, setValues] = useState<Values | null>(editing ? null : EMPTY);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [tab, setTab] = useState<string>('unternehmendaten');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!companyId) return;
    let current = true;
    void call(companyGet, { params: { id: companyId } }).then((res) => {
      if (!current) return;
      if (!res.data) {
        setLoadError(res.errorMessage ?? t.notFound);
        return showError(res.errorMessage ?? t.notFound);
      }
      setValues(valuesOf(res.data));
      setVersion(res.data.version);
    });
    return () => {
      current = false;
    };
  }, [companyId]);

  if (!values) return <LoadState error={loadError} />;
  const set = (patch: Partial<Values>) => setValues({ ...values, ...patch });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !values) return;
    const body = {
      org: values.org,
      lang: values.lang,
      ...(manageSettings ? { display: { statistik: values.statistik } } : {}),
      ...(manageUsers ? { userIds: values.users.map((u) => u.id) } : {}),
    };
    const checked = companyId ? validateForm(updateCompanySchema, { ...body, version }) : validateForm(createCompanySchema, body);
    setErrors(checked.errors ?? {});
    if (checked.errors) {
      if (checked.errors.org || checked.errors.lang) setTab('unternehmendaten');
      return;
    }
    setBusy(true);
    const res = companyId
      ? await call(companyUpdate, { params: { id: companyId }, body: checked.data as UpdateCompanyData })
      : await call(companyCreate, { body: checked.data as CreateCompanyData });
    setBusy(false);
    if (!res.data) {
      setErrors(res.fieldErrors ?? {});
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    showSuccess(editing ? t.edited : t.created);
    void loadCompanies();
    await navigate(backTo);
  }

  const dataPanel = (
    <div className="form-grid">
      <Field name="org" label={t.org} value={values.org} error={errors.org} onChange={(e) => set({ org: e.target.value })} />
      <label>
        {t.lang}
        <select name="lang" value={values.lang} aria-invalid={errors.lang ? true : undefined} onChange={(e) => set({ lang: e.target.value })}>
          <option value="">–</option>
          {companyLangs.map((l) => <option key={l} value={l}>{t.langs[l]}</option>)}
        </select>
        {errors.lang && <span className="field-error">{errors.lang}</span>}
      </label>
      {manageSettings && (
        <label className="checkbox">
          <input type="checkbox" name="statistik" checked={values.statistik} onChange={(e) => set({ statistik: e.target.checked })} />
          {t.statistik}
        </label>
      )}
    </div>
  );

  const usersPanel = (
    <div className="stack">
      <h2>{t.users}</h2>
      {values.users.length === 0 && <p className="muted">{t.noUsers}</p>}
      <ul className="plain-list">
        {values.users.map((u) => (
          <li key={u.id}>
            <span>{u.username} <span className="muted">{u.email}</span></span>
            <button type="button" className="btn btn-small btn-danger-outline" aria-label={`${u.username} ${t.remove}`}
              onClick={() => { set({ users: values.users.filter((x) => x.id !== u.id) }); showInfo(t.userRemoved); }}>
              {t.remove}
            </button>
          </li>
        ))}
      </ul>
      {errors.userIds && <span className="field-error">{errors.userIds}</span>}
      <UserSearch assigned={values.users} onAdd={(u) => set({ users: [...values.users, u] })} />
    </div>
  );

  return (
    <section className="card form-card">
      <h1>{editing ? t.edit : t.add}</h1>
      <form onSubmit={submit} noValidate>
        {manageUsers ? (
          <Tabs label={t.edit} value={tab} onChange={setTab}
            tabs={[
              { id: 'unternehmendaten', label: t.tabData, panel: dataPanel },
              { id: 'benutzerverwaltung', label: t.tabUsers, panel: usersPanel },
              ...extraTabs,
            ]} />
        ) : dataPanel}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.actions.save}</button>
          <Link className="btn" to={backTo}>{t.actions.cancel}</Link>
        </div>
      </form>
    </section>
  );
}

/** `/v2/admin/company/add` and `/v2/admin/company/edit/:companyId`. */
export function AdminCompanyForm() {
  const { companyId } = useParams();
  return <CompanyForm key={companyId ?? 'new'} companyId={companyId} manageUsers manageSettings backTo={paths.adminCompanies} />;
}

/** `/v2/card/company/edit`: the selected company, without user management; settings for admins only. */
export function OwnCompanyForm() {
  const { selectedId, companies } = useCompanyStore();
  if (!companies) return <section className="card muted">{msg.ui.loading}</section>;
  if (!selectedId) return <section className="card muted">{t.noneAssigned}</section>;
  return <CompanyForm key={selectedId} companyId={selectedId} manageUsers={false} manageSettings={isAdmin(getUser())} backTo={paths.cardCompany} />;
}
