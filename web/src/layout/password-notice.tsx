import { Link, useRouteLoaderData } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { paths } from '../paths.ts';

const t = msg.users.passwordNotice;

/**
 * For accounts whose password is from before today's rules (the server notices it at sign-in):
 * on every back-office screen until the password is changed on the account screen.
 */
export function PasswordNotice() {
  const user = useRouteLoaderData('session') as PublicUser | undefined;
  if (!user?.passwordOutdated) return null;
  return (
    <div className="alert alert-warning password-notice" role="status">
      {t.text} <Link to={paths.account}>{t.link}</Link>
    </div>
  );
}
