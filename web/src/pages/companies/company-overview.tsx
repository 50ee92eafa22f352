import { Link, useRouteLoaderData } from 'react-router';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { isAdmin } from '../../session.ts';
import { paths } from '../../paths.ts';
import { useSelectedCompany, useCompanyStore } from '../../state/company-store.ts';

const t = msg.company;

/** `/v2/card/company`: the selected company as its users see it. */
export function CompanyOverview() {
  const user = useRouteLoaderData('session') as PublicUser;
  const { companies } = useCompanyStore();
  const company = useSelectedCompany();
  if (!companies) return <section className="card muted">{msg.ui.loading}</section>;
  if (!company) return <section className="card"><h1>{t.title}</h1><p className="muted">{t.noneAssigned}</p></section>;
  // The layout's loader reads the balance with the card counts (credit route) on every visit after a write.
  const shown = { total: company.cardCountTotal, active: company.cardCountActive };

  return (
    <section className="card form-card">
      <div className="toolbar">
        <h1 className="toolbar-title">{company.org}</h1>
        <span className="spacer" />
        <Link className="btn" to={paths.cardCompanyDirectory}>{msg.scim.title}</Link>
        <Link className="btn btn-primary" to={paths.cardCompanyEdit}>{t.actions.edit}</Link>
      </div>
      <dl className="facts">
        <dt>{t.lang}</dt><dd>{t.langs[company.lang as keyof typeof t.langs] ?? company.lang}</dd>
        <dt>{t.statistik}</dt><dd>{company.display.statistik ? t.yes : t.no}</dd>
        <dt>{msg.contact.ui.retentionLabel}</dt><dd>{company.contactRetentionMonths}</dd>
        <dt>{t.credits}</dt><dd>{company.credits.toLocaleString('de-DE')}</dd>
        <dt>{t.activeCards}</dt><dd>{shown.active} / {shown.total}</dd>
        <dt>{t.users}</dt><dd>{company.users.map((u) => u.username).join(', ') || '–'}</dd>
        {isAdmin(user) && <><dt>{t.id}</dt><dd><code>{company.id}</code></dd></>}
      </dl>
    </section>
  );
}
