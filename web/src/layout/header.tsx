import { Link } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { paths } from '../paths.ts';
import { useCredits } from './use-credits.ts';
import { useLogout } from './use-logout.ts';

export function Header({ user, navOpen, onToggleNav }: { user: PublicUser; navOpen: boolean; onToggleNav: () => void }) {
  const credits = useCredits();
  const logout = useLogout();
  return (
    <header className="header">
      <button type="button" className="btn nav-toggle" aria-controls="sidebar" aria-expanded={navOpen}
        aria-label={msg.shell.toggleNav} onClick={onToggleNav}>
        <span aria-hidden="true">☰</span>
      </button>
      {/* People are greeted by their first name; the username is a login, not a name. */}
      <span className="greeting">{msg.shell.greeting(user.firstname.trim() || user.username)}</span>
      <span className="header-actions">
        <span className="credits" data-testid="credits">
          {msg.shell.credits}: <strong>{credits.toLocaleString('de-DE')}</strong>
        </span>
        <Link to={paths.account}>{msg.shell.account}</Link>
        <button type="button" className="btn-link" onClick={logout}>{msg.shell.logout}</button>
      </span>
    </header>
  );
}
