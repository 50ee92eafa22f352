import { useEffect, useState } from 'react';
import { Link, useFetcher, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { companyCreate, companyGet, companyUpdate } from '../../../../shared/api/routes/company.ts';
import { companyLangs, createCompanySchema, updateCompanySchema } from '../../../../shared/schemas/company.ts';
import type { Company, CompanyUser, CreateCompanyData, UpdateCompanyData } from '../../../../shared/schemas/company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import type { Parsed } from '../../use-form.tsx';
import { need, useFreshFor } from '../../data.tsx';
import { showInfo } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { Tabs } from '../../components/tabs.tsx';
import type { TabDef } from '../../components/tabs.tsx';
import { useCompanyStore } from '../../state/company-store.ts';
import { selectedCompanyId } from '../../state/selection.ts';
import type { loader as userListLoader } from '../users/user-list.tsx';
import { getUser, isAdmin } from '../../session.ts';

const t = msg.company;
/** Spec §5/§9: the user search starts at 3 characters. */
const SEARCH_MIN = 3;

interface Values {
  org: string;
  lang: string;
  statistik: boolean;
  users: CompanyUser[];
  /** Months contacts are kept (issue 28), as typed. */
  retention: string;
}

const EMPTY: Values = { org: '', lang: 'de', statistik: true, users: [], retention: '12' };

function valuesOf(c: Company): Values {
  return { org: c.org, lang: c.lang, statistik: c.display.statistik, users: c.users, retention: String(c.contactRetentionMonths) };
}

/** The company of the route's `:companyId` (admin add/edit, legacy /company); none on add. */
export async function loader({ params }: LoaderFunctionArgs) {
  return { company: params.companyId ? await need(call(companyGet, { params: { id: params.companyId } })) : null };
}

/** `/v2/card/company/edit`: the selected company. */
export async function ownLoader() {
  const id = selectedCompanyId();
  return { companyId: id, company: id ? await need(call(companyGet, { params: { id } })) : null };
}

/**
 * Users found by the search (from 3 characters), minus those already assigned. The search is the
 * admin user list's loader, run by a fetcher; clicking a found user adds them.
 */
function UserSearch({ assigned, onAdd }: { assigned: CompanyUser[]; onAdd: (u: CompanyUser) => void }) {
  const [search, setSearch] = useState('');
  const fetcher = useFetcher<typeof userListLoader>();
  const query = search.trim();
  const { load } = fetcher;
  useEffect(() => {
    if (query.length < SEARCH_MIN) return;
    const timer = setTimeout(() => void load(`${paths.adminUsers}?${new URLSearchParams({ search: query })}`), 250);
    return () => clearTimeout(timer);
  }, [query, load]);
  const found = query.length >= SEARCH_MIN && fetcher.data?.search === query ? fetcher.data.users : null;
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
              <button type="button" className="user-pick" aria-label={`${u.username} ${t.addUser}`}
                onClick={() => { onAdd({ id: u.id, username: u.username, email: u.email }); setSearch(''); }}>
                <span>{u.username} <span className="muted">{u.email}</span></span>
                <span className="btn btn-small" aria-hidden="true">{t.addUser}</span>
              </button>
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
  /** The tab shown first (default the company data). */
  initialTab?: string | undefined;
}

export function CompanyForm({ companyId, manageUsers, manageSettings, backTo, extraTabs = [], initialTab }: FormProps) {
  const { company } = useLoaderData<typeof loader>();
  const editing = companyId !== undefined;
  const [tab, setTab] = useState<string>(initialTab ?? 'unternehmendaten');
  const version = company?.version;
  const bodyOf = (v: Values) => ({
    org: v.org,
    lang: v.lang,
    ...(manageSettings ? { display: { statistik: v.statistik } } : {}),
    ...(manageUsers ? { userIds: v.users.map((u) => u.id) } : {}),
    ...(v.retention.trim() ? { contactRetentionMonths: Number(v.retention) } : {}),
  });
  const form = useForm({
    name: 'company',
    initial: company ? valuesOf(company) : EMPTY,
    parse: (v: Values): Parsed<unknown> => (companyId
      ? updateCompanySchema.safeParse({ ...bodyOf(v), version })
      : createCompanySchema.safeParse(bodyOf(v))),
    onInvalid: (errors) => {
      if (errors.org || errors.lang || errors.contactRetentionMonths) setTab('unternehmendaten');
    },
  });
  const { values, errors } = form;
  const set = (patch: Partial<Values>) => form.setValues({ ...values, ...patch });

  // The layout's company list loads again on the way back (a write's navigation re-runs the layout's loader).
  const submit = form.onSubmit((body) => (companyId
    ? call(companyUpdate, { params: { id: companyId }, body: body as UpdateCompanyData })
    : call(companyCreate, { body: body as CreateCompanyData })), { success: editing ? t.edited : t.created, next: backTo });

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
      <Field name="contactRetentionMonths" label={msg.contact.ui.retentionLabel} type="number" inputMode="numeric" min={1} max={60}
        value={values.retention} error={errors.contactRetentionMonths} hint={msg.contact.ui.retentionHint} onChange={(e) => set({ retention: e.target.value })} />
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
      {manageUsers && companyId && <p><Link to={pathTo(paths.adminCompanySso, { companyId })}>{msg.sso.settingsTitle}</Link></p>}
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
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.actions.save}</button>
          <Link className="btn" to={backTo}>{t.actions.cancel}</Link>
        </div>
        {form.prompt}
      </form>
    </section>
  );
}

/** `/v2/admin/company/add` and `/v2/admin/company/edit/:companyId`. */
export function AdminCompanyForm() {
  const { company } = useLoaderData<typeof loader>();
  return <CompanyForm key={company?.id ?? 'new'} companyId={company?.id} manageUsers manageSettings backTo={paths.adminCompanies} />;
}

/** `/v2/card/company/edit`: the selected company, without user management; settings for admins only. */
export function OwnCompanyForm() {
  const { company, companyId } = useLoaderData<typeof ownLoader>();
  const { selectedId } = useCompanyStore();
  useFreshFor(companyId);
  if (!company || company.id !== selectedId) return <section className="card muted">{selectedId ? msg.ui.loading : t.noneAssigned}</section>;
  return <CompanyForm key={company.id} companyId={company.id} manageUsers={false} manageSettings={isAdmin(getUser())} backTo={paths.cardCompany} />;
}
