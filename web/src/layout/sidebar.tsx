import { NavLink } from 'react-router';
import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { navSections } from './nav.ts';
import { CompanySelector } from '../components/company-selector.tsx';
import { useCompanyStore } from '../state/company-store.ts';

/** The V2 navigation. `onNavigate` lets the narrow layout close it after a click. */
export function Sidebar({ user, onNavigate }: { user: PublicUser; onNavigate: () => void }) {
  const store = useCompanyStore();
  const selected = store.companies?.find((c) => c.id === store.selectedId) ?? null;
  return (
    <nav id="sidebar" className="sidebar" aria-label={msg.shell.mainNav}>
      <div className="sidebar-brand">{msg.shell.brand}</div>
      <CompanySelector user={user} />
      {navSections(user, selected).map((section) => (
        <div key={section.title} className="sidebar-section">
          <div className="section">{section.title}</div>
          {section.items.map((item) => (
            <NavLink key={item.to} to={item.to} onClick={onNavigate}>{item.label}</NavLink>
          ))}
        </div>
      ))}
    </nav>
  );
}
