import { useEffect, useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { userUpdate } from '../../../../shared/api/routes/user.ts';
import { changeEmailSchema, changePasswordSchema } from '../../../../shared/schemas/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { LeaveGuard, useForm } from '../../use-form.tsx';
import type { Guard } from '../../use-form.tsx';
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
  // Two forms, one question before leaving (react-router has one blocker per page).
  const [guards, setGuards] = useState<Record<'password' | 'email', Guard | null>>({ password: null, email: null });
  const report = (key: 'password' | 'email') => (guard: Guard) => setGuards((g) => (g[key]?.dirty === guard.dirty && g[key]?.leaving === guard.leaving ? g : { ...g, [key]: guard }));
  return (
    <section className="card form-card narrow">
      <h1>{t.title}</h1>
      <PasswordForm key={`p${round}`} user={user} onGuard={report('password')} onChanged={() => setRound((r) => r + 1)} onSignedOut={() => void navigate(paths.home)} />
      <EmailForm key={`e${round}`} user={user} onGuard={report('email')} onChanged={() => setRound((r) => r + 1)} />
      <LeaveGuard guards={Object.values(guards).filter((g) => g !== null)} />
    </section>
  );
}

/** A new e-mail address needs the current password (issue 19): a stolen session cannot redirect the account. */
function EmailForm({ user, onGuard, onChanged }: { user: PublicUser; onGuard: (g: Guard) => void; onChanged: () => void }) {
  const form = useForm({ name: 'account-email', initial: { email: '', currentPassword: '' }, parse: (v: { email: string; currentPassword: string }) => changeEmailSchema.safeParse(v) });
  useEffect(() => onGuard(form.guard), [form.guard.dirty]);
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
      </form>
    </>
  );
}

function PasswordForm({ user, onGuard, onChanged, onSignedOut }: { user: PublicUser; onGuard: (g: Guard) => void; onChanged: () => void; onSignedOut: () => void }) {
  const form = useForm({ name: 'account', initial: EMPTY, parse: (v: typeof EMPTY) => changePasswordSchema.safeParse(v) });
  useEffect(() => onGuard(form.guard), [form.guard.dirty]);
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
      </form>
    </>
  );
}
