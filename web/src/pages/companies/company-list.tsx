import { useMemo, useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { companyDelete, companyList } from '../../../../shared/api/routes/company.ts';
import type { Company } from '../../../../shared/schemas/company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need, useWrite } from '../../data.tsx';
import { pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';

const t = msg.company;

export async function loader() {
  return { companies: await need(call(companyList)) };
}

/**
 * Admin company list (spec §2): search by name, sorted by org, add, edit, delete after a question.
 * The V2 and the legacy layout show it with their own add and edit screens (`addPath`, `editPath`).
 */
export function CompanyList({ addPath, editPath }: { addPath: string; editPath: string }) {
  const { companies } = useLoaderData<typeof loader>();
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const { busy, write } = useWrite();

  async function remove(company: Company) {
    await write(call(companyDelete, { params: { id: company.id } }), { success: t.deleted });
    setToDelete(null);
  }

  const columns = useMemo<ListColumn<Company>[]>(() => [
    col.text('org', t.name, (c) => c.org),
    col.text('lang', t.lang, (c) => t.langs[c.lang as keyof typeof t.langs] ?? c.lang, { search: false, optional: true }),
    col.text('users', t.usersShort, (c) => c.users.map((u) => u.username).join(', ') || '–', { sort: false, search: false, optional: true }),
    col.number('cards', t.cards, (c) => c.cardCountActive, { cell: (c) => t.activeOf(c.cardCountActive, c.cardCountTotal) }),
    col.number('credits', t.credits, (c) => c.credits),
    col.actions((c) => c.org, (c) => [
      { label: t.actions.edit, to: pathTo(editPath, { companyId: c.id }) },
      { label: t.actions.delete, danger: true, onSelect: () => setToDelete(c) },
    ]),
  ], [editPath]);
  const add = <Link className="btn btn-primary" to={addPath}>{t.add}</Link>;
  return (
    <ListScreen title={t.title} rows={companies} rowKey={(c) => c.id} columns={columns} actions={add}
      search={{ label: t.search }} sort={{ initial: { id: 'org', desc: false } }} persist="unternehmen"
      empty={{ text: t.none, action: add }} noMatch={t.noMatch}>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion(toDelete.org)} confirmLabel={t.actions.delete} cancelLabel={t.actions.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </ListScreen>
  );
}
