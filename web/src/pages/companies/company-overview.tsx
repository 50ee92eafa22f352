import { useEffect, useState } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import { companyActiveCardCount } from '../../../../shared/api/routes/company.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { isAdmin } from '../../session.ts';
import { paths } from '../../paths.ts';
import { showError } from '../../toast.tsx';
import { useSelectedCompany, useCompanyStore } from '../../state/company-store.ts';

const t = msg.company;

/** `/v2/card/company`: the selected company as its users see it. */
export function CompanyOverview() {
  const user = useRouteLoaderData('session') as PublicUser;
  const { companies, selectedId } = useCompanyStore();
  const company = useSelectedCompany();
  const [counts, setCounts] = useState<{ id: string; total: number; active: number } | null>(null);

  useEffect(() => {
    if (!selectedId) return;
    let current = true;
    void call(companyActiveCardCount, { params: { id: selectedId } }).then((res) => {
      if (!current) return;
      if (res.data) setCounts({ id: selectedId, total: res.data.cardCountTotal, active: res.data.cardCountActive });
      else showError(res.errorMessage ?? msg.errors.generic);
    });
    return () => {
      current = false;
    };
  }, [selectedId]);

  if (!companies) return <section className="card muted">{msg.ui.loading}</section>;
  if (!company) return <section className="card"><h1>{t.title}</h1><p className="muted">{t.noneAssigned}</p></section>;
  const shown = counts?.id === company.id ? counts : { total: company.cardCountTotal, active: company.cardCountActive };

  return (
    <section className="card form-card">
      <div className="toolbar">
        <h1 className="toolbar-title">{company.org}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" to={paths.cardCompanyEdit}>{t.actions.edit}</Link>
      </div>
      <dl className="facts">
        <dt>{t.lang}</dt><dd>{t.langs[company.lang as keyof typeof t.langs] ?? company.lang}</dd>
        <dt>{t.statistik}</dt><dd>{company.display.statistik ? t.yes : t.no}</dd>
        <dt>{t.credits}</dt><dd>{company.credits.toLocaleString('de-DE')}</dd>
        <dt>{t.activeCards}</dt><dd>{shown.active} / {shown.total}</dd>
        <dt>{t.users}</dt><dd>{company.users.map((u) => u.username).join(', ') || '–'}</dd>
        {isAdmin(user) && <><dt>{t.id}</dt><dd><code>{company.id}</code></dd></>}
      </dl>
    </section>
  );
}
