import { useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { userUpdate } from '../../../../shared/api/routes/user.ts';
import { changeEmailSchema, changePasswordSchema } from '../../../../shared/schemas/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import { signIn } from '../../auth.ts';
import { paths } from '../../paths.ts';
import { setUser } from '../../session.ts';
import { forgetSessionAnswer } from '../../session-check.ts';
import { PasswordStrength } from '../../components/password-strength.tsx';

const t = msg.users.account;
const EMPTY = { currentPassword: '', password: '', passwordConfirm: '' };

/** `/v2/account`: change one's own password (spec §2, §5). */
export function AccountPage() {
  const user = useRouteLoaderData('session') as PublicUser;
  const navigate = useNavigate();
  // A changed password empties the form: a new one replaces it.
  const [round, setRound] = useState(0);
  return (
    <section className="card form-card narrow">
      <h1>{t.title}</h1>
      <PasswordForm key={`p${round}`} user={user} onChanged={() => setRound((r) => r + 1)} onSignedOut={() => void navigate(paths.home)} />
      <EmailForm key={`e${round}`} user={user} onChanged={() => setRound((r) => r + 1)} />
    </section>
  );
}

/** A new e-mail address needs the current password (issue 19): a stolen session cannot redirect the account. */
function EmailForm({ user, onChanged }: { user: PublicUser; onChanged: () => void }) {
  const form = useForm({ name: 'account-email', initial: { email: '', currentPassword: '' }, parse: (v: { email: string; currentPassword: string }) => changeEmailSchema.safeParse(v) });
  const submit = form.onSubmit(async ({ email, currentPassword }) => {
    const res = await call(userUpdate, { params: { id: user.id }, body: { email, currentPassword, password: undefined, version: user.version } });
    if (res.data) {
      setUser(res.data);
      forgetSessionAnswer();
      onChanged();
    }
    return res;
  }, { success: t.emailChanged });
  return (
    <>
      <h2>{t.emailTitle}</h2>
      <p className="muted">{t.currentEmail}: {user.email}</p>
      <form onSubmit={submit} noValidate className="stack">
        <Field name="email" label={t.newEmail} type="email" autoComplete="email" {...form.input('email')} />
        <Field name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password" {...form.input('currentPassword')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.emailSubmit}</button>
        </div>
        {form.prompt}
      </form>
    </>
  );
}

function PasswordForm({ user, onChanged, onSignedOut }: { user: PublicUser; onChanged: () => void; onSignedOut: () => void }) {
  const form = useForm({ name: 'account', initial: EMPTY, parse: (v: typeof EMPTY) => changePasswordSchema.safeParse(v) });
  const submit = form.onSubmit(async ({ currentPassword, password }) => {
    const res = await call(userUpdate, { params: { id: user.id }, body: { currentPassword, password } });
    if (!res.data) return res;
    // The change ended every session, this one included; sign in again with the new password.
    const again = await signIn(res.data.username, password);
    if (again.error === null) {
      onChanged();
      return res;
    }
    onSignedOut();
    return { data: null, statusCode: 401, errorMessage: again.error };
  }, { success: t.changed, revalidate: false });

  return (
    <>
      <h2>{t.passwordTitle}</h2>
      <form onSubmit={submit} noValidate className="stack">
        <Field name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password"
          {...form.input('currentPassword')} />
        <div>
          <Field name="password" label={t.newPassword} type="password" autoComplete="new-password"
            {...form.input('password')} />
          <PasswordStrength id="account-password-strength" password={form.values.password} owner={user} />
        </div>
        <Field name="passwordConfirm" label={t.confirmPassword} type="password" autoComplete="new-password"
          {...form.input('passwordConfirm')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.submit}</button>
        </div>
        {form.prompt}
      </form>
    </>
  );
}
