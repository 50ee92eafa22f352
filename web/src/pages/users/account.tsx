import { useState } from 'react';
import { useNavigate, useRouteLoaderData } from 'react-router';
import { userUpdate } from '../../../../shared/api/routes/user.ts';
import { changePasswordSchema } from '../../../../shared/schemas/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { Field } from '../../form.tsx';
import { useForm } from '../../use-form.tsx';
import { showError, showSuccess } from '../../toast.tsx';
import { signIn } from '../../auth.ts';
import { paths } from '../../paths.ts';

const t = msg.users.account;
const EMPTY = { currentPassword: '', password: '', passwordConfirm: '' };

/** `/v2/account`: change one's own password (spec §2, §5). */
export function AccountPage() {
  const user = useRouteLoaderData('session') as PublicUser;
  const navigate = useNavigate();
  // A changed password empties the form: a new one replaces it.
  const [round, setRound] = useState(0);
  return <PasswordForm key={round} user={user} onChanged={() => setRound((r) => r + 1)} onSignedOut={() => void navigate(paths.home)} />;
}

function PasswordForm({ user, onChanged, onSignedOut }: { user: PublicUser; onChanged: () => void; onSignedOut: () => void }) {
  const form = useForm({ name: 'account', initial: EMPTY, parse: (v: typeof EMPTY) => changePasswordSchema.safeParse(v) });
  const submit = form.onSubmit(async ({ currentPassword, password }) => {
    const res = await call(userUpdate, { params: { id: user.id }, body: { currentPassword, password } });
    if (!res.data) return res;
    // The change ended every session, this one included; sign in again with the new password.
    const again = await signIn(res.data.username, password);
    if (again.error !== null) {
      showError(again.error, { form: 'account' });
      onSignedOut();
      return null;
    }
    showSuccess(t.changed, undefined, { form: 'account' });
    onChanged();
    return res;
  });

  return (
    <section className="card form-card narrow">
      <h1>{t.title}</h1>
      <h2>{t.passwordTitle}</h2>
      <form onSubmit={submit} noValidate className="stack">
        <Field name="currentPassword" label={t.currentPassword} type="password" autoComplete="current-password"
          {...form.input('currentPassword')} />
        <Field name="password" label={t.newPassword} type="password" autoComplete="new-password"
          {...form.input('password')} />
        <Field name="passwordConfirm" label={t.confirmPassword} type="password" autoComplete="new-password"
          {...form.input('passwordConfirm')} />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={form.busy}>{t.submit}</button>
        </div>
        {form.prompt}
      </form>
    </section>
  );
}
