import { NavLink, Outlet } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import { paths } from '../paths.ts';
import { useLogout } from './use-logout.ts';
import { PasswordNotice } from './password-notice.tsx';

const l = msg.shell.legacy;

/** The legacy frame (spec §2): links to the old screens and onward to V2. */
export function LegacyLayout() {
  const logout = useLogout();
  return (
    <div className="legacy">
      <header className="legacy-header">
        <span className="legacy-brand">{msg.shell.brand}</span>
        <nav aria-label={l.nav} className="legacy-nav">
          <NavLink to={paths.companyLegacy}>{l.companies}</NavLink>
          <NavLink to={paths.userLegacy}>{l.users}</NavLink>
          <NavLink to={paths.vcardCompanies} end>{msg.vcard.ui.navCompanies}</NavLink>
          <NavLink to={paths.vcardPersons}>{msg.vcard.ui.navPersons}</NavLink>
          <NavLink to={paths.tools}>{msg.tools.ui.title}</NavLink>
        </nav>
        <span className="spacer" />
        <NavLink to={paths.visitenkarteOverview} className="btn btn-primary">{l.toV2}</NavLink>
        <button type="button" className="btn-link" onClick={logout}>{msg.shell.logout}</button>
      </header>
      <main className="content">
        <PasswordNotice />
        <Outlet />
      </main>
    </div>
  );
}
