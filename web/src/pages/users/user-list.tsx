import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  createColumnHelper, createSortedRowModel, rowSortingFeature, sortFn_alphanumeric, tableFeatures, useTable,
} from '@tanstack/react-table';
import type { SortingState } from '@tanstack/react-table';
import { userList } from '../../../../shared/api/routes/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { showError } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';

const t = msg.users;
const NO_USERS: PublicUser[] = [];

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric },
});
const col = createColumnHelper<typeof features, PublicUser>();
const columns = col.columns([
  col.accessor('username', { header: t.username, sortFn: 'alphanumeric' }),
  col.accessor('firstname', { header: t.firstname, sortFn: 'alphanumeric' }),
  col.accessor('lastname', { header: t.lastname, sortFn: 'alphanumeric' }),
  col.accessor('email', { header: t.email, sortFn: 'alphanumeric' }),
  col.accessor((u) => u.userGroup.group, { id: 'group', header: t.groupColumn, sortFn: 'alphanumeric' }),
  col.accessor('isActive', { header: t.active, enableSorting: false, cell: (c) => (c.getValue() ? t.yes : t.no) }),
  col.display({
    id: 'actions',
    header: '',
    cell: (c) => <Link className="btn btn-small" to={pathTo(paths.adminUserEdit, { userId: c.row.original.id })}>{t.edit}</Link>,
  }),
]);

/** Debounced so typing a name sends one search, not one per key. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Admin user list with search on username; shared by `/v2/admin/user` and legacy `/user`. */
export function UserList({ addPath }: { addPath: string }) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim());
  const [users, setUsers] = useState<PublicUser[] | null>(null);
  const [sorting, setSorting] = useState<SortingState>([{ id: 'username', desc: false }]);

  useEffect(() => {
    let current = true;
    void call(userList, { query: { search: query } }).then((res) => {
      if (!current) return;
      if (res.data) setUsers(res.data);
      else showError(res.errorMessage ?? msg.errors.generic);
    });
    return () => {
      current = false;
    };
  }, [query]);

  const data = users ?? NO_USERS;
  const table = useTable({ features, columns, data, getRowId: (u) => u.id, state: { sorting }, onSortingChange: setSorting });

  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.listTitle}</h1>
        <span className="spacer" />
        <Link className="btn btn-primary" to={addPath}>{t.add}</Link>
      </div>
      <div className="toolbar">
        <label className="search">
          <span className="visually-hidden">{t.search}</span>
          <input type="search" aria-label={t.search} placeholder={t.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      <div className="table-scroll">
        <table className="data responsive">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  return (
                    <th key={h.id} className={h.column.getCanSort() ? 'sortable' : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      onClick={h.column.getToggleSortingHandler()}>
                      <table.FlexRender header={h} />
                      {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : null}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} data-label={typeof cell.column.columnDef.header === 'string' && cell.column.columnDef.header ? cell.column.columnDef.header : undefined}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {users && users.length === 0 && (
              <tr><td colSpan={columns.length} className="muted">{t.empty}</td></tr>
            )}
            {!users && (
              <tr><td colSpan={columns.length} className="muted">{msg.ui.loading}</td></tr>
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
