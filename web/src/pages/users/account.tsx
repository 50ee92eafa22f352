import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { userUpdate } from '../../../../shared/api/routes/user.ts';
import { changePasswordSchema } from '../../../../shared/schemas/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field, validateForm } from '../../form.tsx';
import type { FieldErrors } from '../../form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { signIn } from '../../auth.ts';
import { paths } from '../../paths.ts';

const t = msg.users.account;
const EMPTY = { currentPassword: '', password: '', passwordConfirm: '' };

/** `/v2/account`: change one's own password (spec §2, §5). */
export function AccountPage() {
  const user = useRouteLoaderData('session') as PublicUser;
  const navigate = useNavigate();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues({ ...values, [key]: e.target.value });

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const checked = validateForm(changePasswordSchema, values);
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    const { currentPassword, password } = checked.data;
    const res = await call(userUpdate, { params: { id: user.id }, body: { currentPassword, password } });
    if (!res.data) {
      setBusy(false);
      setErrors(res.fieldErrors ?? {});
      return showError(res.errorMessage ?? msg.errors.generic);
    }
    // The change ended every session, this one included; sign in again with the new password.
    const again = await signIn(res.data.username, password);
    setBusy(false);
    if (again.error !== null) {
      showError(again.error);
      return navigate(paths.home);
    }
    setValues(EMPTY);
    showSuccess(t.changed);
  }

  return (
    <section className="card form-card narrow">
      <h1>{t.title}</h1>
      <h2>{t.passwordTitle}</h2>
      <form onSubmit={submit} noValidate className="stack">
        <Field name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password"
          value={values.currentPassword} error={errors.currentPassword} onChange={set('currentPassword')} />
        <Field name="password" label={t.newPassword} type="password" autoComplete="new-password"
          value={values.password} error={errors.password} onChange={set('password')} />
        <Field name="passwordConfirm" label={t.confirmPassword} type="password" autoComplete="new-password"
          value={values.passwordConfirm} error={errors.passwordConfirm} onChange={set('passwordConfirm')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>{t.submit}</button>
        </div>
      </form>
    </section>
  );
}
