import { msg } from '../../../shared/messages.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { isAdmin } from '../session.ts';
import { paths } from '../paths.ts';

export interface NavItem {
  to: string;
  label: string;
}

export interface NavSection {
  title: string;
  items: NavItem[];
}

const s = msg.shell;

/**
 * The sidebar's links (spec §2/§6): admins get the admin pages on top; everybody gets the
 * card area and the account. Only screens that exist are linked: a link to 'Nicht gefunden'
 * is worse than none.
 */
export function navSections(user: PublicUser, selected: { display: { statistik: boolean } } | null = null): NavSection[] {
  const cards: NavSection = {
    title: s.sections.cards,
    items: [
      { to: paths.visitenkarteOverview, label: s.nav.cards },
      { to: paths.cardCompany, label: msg.company.navOwn },
      { to: paths.profileOverview, label: s.nav.profiles },
      { to: paths.contacts, label: msg.contact.ui.nav },
      // Spec §6: the statistics need the selected company's statistik flag; admins see them always.
      ...(isAdmin(user) || selected?.display.statistik ? [{ to: paths.statistikOverview, label: msg.statistic.ui.nav }] : []),
      { to: paths.auditLog, label: msg.privacy.ui.auditNav },
      { to: paths.account, label: s.nav.account },
    ],
  };
  if (!isAdmin(user)) return [cards];
  const admin: NavSection = {
    title: s.sections.admin,
    items: [
      { to: paths.adminCompanies, label: s.nav.adminCompanies },
      { to: paths.adminUsers, label: s.nav.adminUsers },
      { to: paths.adminCredits, label: s.nav.adminCredits },
      { to: paths.adminStatistics, label: s.nav.adminStatistics },
      { to: paths.adminSystemStatus, label: s.nav.adminSystemStatus },
    ],
  };
  return [admin, cards];
}
