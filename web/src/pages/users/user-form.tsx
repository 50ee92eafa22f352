import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { userAdminUpdate, userCreate, userGet, userGroups } from '../../../../shared/api/routes/user.ts';
import { adminUpdateUserSchema, createUserSchema } from '../../../../shared/schemas/user.ts';
import type { PublicUser, UserGroup } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import type { ApiResult } from '../../api/client.ts';
import { Field, validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { getUser, setUser } from '../../session.ts';
import { paths } from '../../paths.ts';
import { LoadState } from '../../components/load-state.tsx';

const t = msg.users;

interface Values {
  username: string;
  email: string;
  firstname: string;
  lastname: string;
  password: string;
  userGroupId: string;
  isActive: boolean;
}

const EMPTY: Values = { username: '', email: '', firstname: '', lastname: '', password: '', userGroupId: '', isActive: true };

/** Spec §6: the group named `user` (any case) is preselected for a new user. */
function defaultGroupId(groups: UserGroup[]): string {
  return groups.find((g) => g.group.trim().toLowerCase() === 'user')?.id ?? '';
}

/**
 * Create a user, or edit the one named by the route's `:userId`; on edit a blank password
 * keeps the old one (spec §5). Shared by the V2 and the legacy user screens.
 */
export function UserForm({ listPath }: { listPath: string }) {
  const { userId } = useParams();
  const navigate = useNavigate();
  const editing = userId !== undefined;
  // The own password needs the current one, which only the account screen asks for.
  const editingSelf = editing && userId === getUser()?.id;
  const [values, setValues] = useState<Values | null>(null);
  const [version, setVersion] = useState<number | undefined>(undefined);
  const [groups, setGroups] = useState<UserGroup[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void (async () => {
      const [groupRes, userRes] = await Promise.all([
        call(userGroups),
        userId ? call(userGet, { params: { id: userId } }) : Promise.resolve(null),
      ]);
      if (!current) return;
      const fail = (text: string) => {
        setLoadError(text);
        showError(text);
      };
      if (!groupRes.data) return fail(groupRes.errorMessage ?? msg.errors.generic);
      setGroups(groupRes.data);
      if (!userRes) return setValues({ ...EMPTY, userGroupId: defaultGroupId(groupRes.data) });
      if (!userRes.data) return fail(userRes.errorMessage ?? msg.errors.userNotFound);
      const u = userRes.data;
      setValues({ username: u.username, email: u.email, firstname: u.firstname, lastname: u.lastname, password: '', userGroupId: u.userGroup.id, isActive: u.isActive });
      setVersion(u.version);
    })();
    return () => {
      current = false;
    };
  }, [userId]);

  if (!values) return <LoadState error={loadError} />;

  const set = (key: keyof Values) => (value: string | boolean) => setValues({ ...values, [key]: value });

  async function save(v: Values): Promise<ApiResult<PublicUser> | null> {
    if (userId !== undefined) {
      const checked = validateForm(adminUpdateUserSchema, { ...v, version });
      setErrors(checked.errors ?? {});
      return checked.data ? call(userAdminUpdate, { params: { id: userId }, body: checked.data }) : null;
    }
    const checked = validateForm(createUserSchema, v);
    setErrors(checked.errors ?? {});
    return checked.data ? call(userCreate, { body: checked.data }) : null;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !values) return;
    setBusy(true);
    const res = await save(values);
    if (!res) return setBusy(false);
    if (!res.data) {
      setBusy(false);
      setErrors(res.fieldErrors ?? {});
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    // Editing oneself: keep the stored user current (the own password changes only on the account screen).
    if (res.data.id === getUser()?.id) setUser(res.data);
    setBusy(false);
    showSuccess(editing ? t.edited : t.created);
    await navigate(listPath);
  }

  return (
    <section className="card form-card">
      <h1>{editing ? t.editTitle : t.addTitle}</h1>
      <form onSubmit={submit} noValidate>
        <div className="form-grid">
          <Field name="username" label={t.username} autoComplete="off" value={values.username} error={errors.username} onChange={(e) => set('username')(e.target.value)} />
          <Field name="email" label={t.email} type="email" autoComplete="off" value={values.email} error={errors.email} onChange={(e) => set('email')(e.target.value)} />
          <Field name="firstname" label={t.firstname} value={values.firstname} error={errors.firstname} onChange={(e) => set('firstname')(e.target.value)} />
          <Field name="lastname" label={t.lastname} value={values.lastname} error={errors.lastname} onChange={(e) => set('lastname')(e.target.value)} />
          {editingSelf ? (
            <p className="muted">{t.ownPasswordHint} <Link to={paths.account}>{msg.shell.account}</Link></p>
          ) : (
            <Field name="password" label={t.password} type="password" autoComplete="new-password" value={values.password} error={errors.password}
              hint={editing ? t.passwordKeepHint : undefined} onChange={(e) => set('password')(e.target.value)} />
          )}
          <div className="field">
            <label htmlFor="user-group">{t.group}</label>
            <select id="user-group" name="userGroupId" value={values.userGroupId} aria-invalid={errors.userGroupId ? true : undefined}
              aria-describedby={errors.userGroupId ? 'user-group-error' : undefined} onChange={(e) => set('userGroupId')(e.target.value)}>
              <option value="">{t.groupChoose}</option>
              {groups.map((g) => <option key={g.id} value={g.id}>{g.group}</option>)}
            </select>
            {errors.userGroupId && <span id="user-group-error" className="field-error">{errors.userGroupId}</span>}
          </div>
        </div>
        <label className="checkbox">
          <input type="checkbox" name="isActive" checked={values.isActive} onChange={(e) => set('isActive')(e.target.checked)} />
          {t.active}
        </label>
        {errors.isActive && <span className="field-error">{errors.isActive}</span>}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.save}</button>
          <Link className="btn" to={listPath}>{t.cancel}</Link>
        </div>
      </form>
    </section>
  );
}
