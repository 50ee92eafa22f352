import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { companyDelete, companyList } from '../../../../shared/api/routes/company.ts';
import type { Company } from '../../../../shared/schemas/company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen } from '../../components/list-screen.tsx';
import type { Column } from '../../components/list-screen.tsx';

const t = msg.company;

export async function loader() {
  return { companies: await need(call(companyList)) };
}

/** Admin company list (spec §2): search by name, sorted by org, add, edit, delete after a question. */
export function CompanyList() {
  const { companies } = useLoaderData<typeof loader>();
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const { busy, write } = useWrite();

  async function remove(company: Company) {
    await write(call(companyDelete, { params: { id: company.id } }), { success: t.deleted });
    setToDelete(null);
  }

  const columns: Column<Company>[] = [
    { id: 'org', header: t.name, cell: (c) => c.org, sortValue: (c) => c.org, searchValue: (c) => c.org },
    { id: 'lang', header: t.lang, cell: (c) => t.langs[c.lang as keyof typeof t.langs] ?? c.lang, sortValue: (c) => c.lang },
    { id: 'users', header: t.usersShort, cell: (c) => c.users.map((u) => u.username).join(', ') || '–' },
    { id: 'cards', header: t.cards, cell: (c) => t.activeOf(c.cardCountActive, c.cardCountTotal), sortValue: (c) => c.cardCountActive },
    { id: 'credits', header: t.credits, cell: (c) => c.credits.toLocaleString('de-DE'), sortValue: (c) => c.credits },
    {
      id: 'actions', header: t.actions.edit, hideHeader: true,
      cell: (c) => (
        <span className="row-actions">
          <Link className="btn" to={pathTo(paths.adminCompanyEdit, { companyId: c.id })} aria-label={`${c.org} ${t.actions.edit}`}>{t.actions.edit}</Link>
          <button type="button" className="btn btn-danger-outline" aria-label={`${c.org} ${t.actions.delete}`} onClick={() => setToDelete(c)}>{t.actions.delete}</button>
        </span>
      ),
    },
  ];
  const add = <Link className="btn btn-primary" to={paths.adminCompanyAdd}>{t.add}</Link>;
  return (
    <ListScreen title={t.title} rows={companies} rowKey={(c) => c.id} columns={columns} actions={add}
      search={{ label: t.search }} sort={{ initial: { id: 'org', desc: false } }}
      empty={{ text: t.none, action: add }} noMatch={t.noMatch}>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion} confirmLabel={t.actions.delete} cancelLabel={t.actions.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </ListScreen>
  );
}
