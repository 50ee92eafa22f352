import { Link, useLoaderData, useParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { userAdminUpdate, userCreate, userGet, userGroups } from '../../../../shared/api/routes/user.ts';
import { companyList } from '../../../../shared/api/routes/company.ts';
import type { Company } from '../../../../shared/schemas/company.ts';
import { adminUpdateUserSchema, createUserSchema } from '../../../../shared/schemas/user.ts';
import type { UserGroup } from '../../../../shared/schemas/user.ts';
import type { z } from 'zod';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import type { Parsed } from '../../use-form.tsx';
import { need } from '../../data.tsx';
import { getUser, setUser } from '../../session.ts';
import { paths } from '../../paths.ts';
import { PasswordStrength } from '../../components/password-strength.tsx';
import { groupLabel } from './group-label.ts';

const t = msg.users;

interface Values {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  userGroupId: string;
  isActive: boolean;
  companyIds: string[];
}

const EMPTY: Values = { username: '', email: '', firstname: '', lastname: '', password: '', userGroupId: '', isActive: true, companyIds: [] };

/** Spec §6: the group named `user` (any case) is preselected for a new user. */
function defaultGroupId(groups: UserGroup[]): string {
  return groups.find((g) => g.group.trim().toLowerCase() === 'user')?.id ?? '';
}

/** The groups, the companies to assign, and on edit the user (a missing one is 'Nicht gefunden' inside the layout). */
export async function loader({ params }: LoaderFunctionArgs) {
  const [groups, companies, user] = await Promise.all([
    need(call(userGroups)),
    need(call(companyList)),
    params.userId ? need(call(userGet, { params: { id: params.userId } })) : Promise.resolve(null),
  ]);
  const values: Values = user
    ? {
        username: user.username, email: user.email, firstname: user.firstname, lastname: user.lastname, password: '',
        userGroupId: user.userGroup.id, isActive: user.isActive, companyIds: user.companyIds,
      }
    : { ...EMPTY, userGroupId: defaultGroupId(groups) };
  return { groups, companies, values, version: user?.version };
}

/** The companies a user works for: the chosen ones with "remove", and a choice of the others to add. */
function CompanyChoice({ companies, chosen, error, onChange }: {
  companies: Company[]; chosen: string[]; error: string | undefined; onChange: (ids: string[]) => void;
}) {
  const byId = new Map(companies.map((c) => [c.id, c]));
  const others = companies.filter((c) => !chosen.includes(c.id));
  return (
    <fieldset className="stack">
      <legend>{t.companies}</legend>
      <p className="muted field-hint">{t.companiesHint}</p>
      {chosen.length === 0 ? <p className="muted">{t.noCompanies}</p> : (
        <ul className="plain-list">
          {chosen.map((id) => (
            <li key={id}>
              <span>{byId.get(id)?.org ?? id}</span>
              <button type="button" className="btn btn-small btn-danger-outline" aria-label={`${byId.get(id)?.org ?? id} ${t.removeCompany}`}
                onClick={() => onChange(chosen.filter((x) => x !== id))}>{t.removeCompany}</button>
            </li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <label>
          {t.addCompany}
          <select name="addCompany" value="" onChange={(e) => e.target.value && onChange([...chosen, e.target.value])}>
            <option value="">{t.chooseCompany}</option>
            {others.map((c) => <option key={c.id} value={c.id}>{c.org}</option>)}
          </select>
        </label>
      )}
      {error && <span className="field-error">{error}</span>}
    </fieldset>
  );
}

/**
 * Create a user, or edit the one named by the route's `:userId`; on edit a blank password
 * keeps the old one (spec §5). Shared by the V2 and the legacy user screens.
 */
export function UserForm({ listPath }: { listPath: string }) {
  const { userId } = useParams();
  const { groups, companies, values: initial, version } = useLoaderData<typeof loader>();
  return <UserFormFor key={userId ?? 'new'} listPath={listPath} userId={userId} groups={groups} companies={companies} initial={initial} version={version} />;
}

function UserFormFor({ listPath, userId, groups, companies, initial, version }: {
  listPath: string; userId: string | undefined; groups: UserGroup[]; companies: Company[]; initial: Values; version: number | undefined;
}) {
  const editing = userId !== undefined;
  // The own password needs the current one, which only the account screen asks for.
  const editingSelf = editing && userId === getUser()?.id;
  const form = useForm({
    name: 'user',
    initial,
    parse: (v: Values): Parsed<unknown> => (editing ? adminUpdateUserSchema.safeParse({ ...v, version }) : createUserSchema.safeParse(v)),
  });
  const { values, errors } = form;

  const submit = form.onSubmit(async (body) => {
    const res = userId !== undefined
      ? await call(userAdminUpdate, { params: { id: userId }, body: body as z.output<typeof adminUpdateUserSchema> })
      : await call(userCreate, { body: body as z.output<typeof createUserSchema> });
    // Editing oneself: keep the stored user current (the own password changes only on the account screen).
    if (res.data?.id === getUser()?.id) setUser(res.data!);
    return res;
  }, { success: editing ? t.edited : t.created, next: listPath });

  return (
    <section className="card form-card">
      <h1>{editing ? t.editTitle : t.addTitle}</h1>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field name="username" label={t.username} autoComplete="off" {...form.input('username')} />
          <Field name="email" label={t.email} type="email" autoComplete="off" {...form.input('email')} />
          <Field name="firstname" label={t.firstname} {...form.input('firstname')} />
          <Field name="lastname" label={t.lastname} {...form.input('lastname')} />
          {editingSelf ? (
            <p className="muted">{t.ownPasswordHint} <Link to={paths.account}>{msg.shell.account}</Link></p>
          ) : (
            <div>
              <Field name="password" label={t.password} type="password" autoComplete="new-password" {...form.input('password')}
                hint={editing ? t.passwordKeepHint : undefined} />
              <PasswordStrength id="user-password-strength" password={values.password} owner={values} />
            </div>
          )}
          <div className="field">
            <label htmlFor="user-group">{t.group}</label>
            <select id="user-group" name="userGroupId" value={values.userGroupId} aria-invalid={errors.userGroupId ? true : undefined}
              aria-describedby={errors.userGroupId ? 'user-group-error' : undefined} onChange={(e) => form.set('userGroupId', e.target.value)}>
              <option value="">{t.groupChoose}</option>
              {groups.map((g) => <option key={g.id} value={g.id}>{groupLabel(g.group)}</option>)}
            </select>
            {errors.userGroupId && <span id="user-group-error" className="field-error">{errors.userGroupId}</span>}
          </div>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="isActive" checked={values.isActive} onChange={(e) => form.set('isActive', e.target.checked)} />
          {t.active}
        </label>
        {errors.isActive && <span className="field-error">{errors.isActive}</span>}
        <CompanyChoice companies={companies} chosen={values.companyIds} error={errors.companyIds} onChange={(ids) => form.set('companyIds', ids)} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.save}</button>
          <Link className="btn" to={listPath}>{t.cancel}</Link>
        </div>
        {form.prompt}
      </form>
    </section>
  );
}
