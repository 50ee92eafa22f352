// GUIDE — the one list screen of the back office (users, companies, profiles, cards, …), on
// @tanstack/react-table (components/list/):
//
//   const columns = [                                                        // TanStack column definitions
//     col.text('username', t.username, (u) => u.username),                   // sorted (German order) and searched
//     col.number('credits', t.credits, (c) => c.credits),                    // right-aligned, header too
//     col.display('image', t.image, (c) => <Thumb c={c} />, { optional: true }), // shows only; the user may hide it
//     col.actions((u) => u.username, (u) => [{ label: t.edit, to: editPath(u) }, { label: t.delete, danger: true, onSelect: … }]),
//   ];
//   <ListScreen title={t.title} rows={users} rowKey={(u) => u.id} columns={columns}
//     actions={<Link className="btn btn-primary" to={paths.adminUserAdd}>{t.add}</Link>}
//     search={{ label: t.search, placeholder: t.searchPlaceholder }}          // filters the rows shown
//     sort={{ initial: { id: 'username', desc: false } }}
//     persist="benutzer"                                                    // sort, search, column choice survive reloads
//     empty={{ text: t.empty, action: <Link …>{t.add}</Link> }} />            // the next step
//
// - `rows` null means loading. The title shows the count of all rows once they are there.
// - No rows (and no search): `empty.text` and `empty.action` (the next step) replace table and actions.
// - Search: client-side over the searchable columns; pass `value`/`onChange` to search on the server
//   instead (the rows are then shown as given).
// - Sorting: clicking a header sorts by it, clicking it again reverses; narrow screens (rows as blocks,
//   no header row) get a sort select instead. `hidden` columns are not shown to this user at all.
// - Row actions: one action shows as a button, more go into one menu (action-menu.tsx), so no row is
//   wider than its box. A table inside another screen (a tab) uses <ListTable> (list/list-table.tsx).
import type { ReactNode } from 'react';
import { msg } from '../../../shared/messages.ts';
import { ListTable } from './list/list-table.tsx';
import type { ListTableProps } from './list/list-table.tsx';

export { col } from './list/columns.tsx';
export type { ListColumn } from './list/columns.tsx';

export interface ListScreenProps<Row extends object> extends Omit<ListTableProps<Row>, 'label' | 'emptyText'> {
  title: string;
  /** Whether the title shows the number of rows; default true. */
  count?: boolean;
  actions?: ReactNode;
  /** Between the toolbar and the table (notes, summaries). */
  intro?: ReactNode;
  /** No rows at all: what it means and the next step. */
  empty: { text: ReactNode; action?: ReactNode };
  /** Instead of the table, e.g. 'no company selected'. */
  blocked?: ReactNode;
  children?: ReactNode;
}

export function ListScreen<Row extends object>({ title, count, actions, intro, empty, blocked, children, ...table }: ListScreenProps<Row>) {
  const { rows, search } = table;
  // A server search that found nothing is no empty list: the table says nothing matches.
  const isEmpty = !blocked && rows !== null && rows.length === 0 && !search?.value;
  return (
    <section className="card list-screen">
      <div className="toolbar">
        <h1 className="toolbar-title">
          {title}
          {count !== false && rows && <span className="list-count"> {msg.backoffice.count(rows.length)}</span>}
        </h1>
        <span className="spacer" />
        {/* An empty list shows its next step below, in place of the toolbar's actions. */}
        {!(isEmpty && empty.action) && <span className="toolbar-actions">{actions}</span>}
      </div>
      {intro}
      {blocked ?? (isEmpty ? (
        <div className="empty-state">
          <p>{empty.text}</p>
          {empty.action}
        </div>
      ) : <ListTable {...table} label={title} emptyText={empty.text} />)}
      {children}
    </section>
  );
}
