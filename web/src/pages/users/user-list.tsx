import { useEffect, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { userList } from '../../../../shared/api/routes/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { ListScreen } from '../../components/list-screen.tsx';
import type { Column } from '../../components/list-screen.tsx';
import { paths, pathTo } from '../../paths.ts';

const t = msg.users;

/** The search lives in the address (`?search=`), so the loader can send it to the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams.get('search')?.trim() ?? '';
  return { search, users: await need(call(userList, { query: { search } })) };
}

const text = (key: 'username' | 'firstname' | 'lastname' | 'email') => (u: PublicUser) => u[key];

const columns: Column<PublicUser>[] = [
  { id: 'username', header: t.username, cell: text('username'), sortValue: text('username') },
  { id: 'firstname', header: t.firstname, cell: text('firstname'), sortValue: text('firstname') },
  { id: 'lastname', header: t.lastname, cell: text('lastname'), sortValue: text('lastname') },
  { id: 'email', header: t.email, cell: text('email'), sortValue: text('email') },
  { id: 'group', header: t.groupColumn, cell: (u) => u.userGroup.group, sortValue: (u) => u.userGroup.group },
  { id: 'isActive', header: t.active, cell: (u) => (u.isActive ? t.yes : t.no) },
  {
    id: 'actions', header: t.edit, hideHeader: true,
    cell: (u) => <Link className="btn btn-small" to={pathTo(paths.adminUserEdit, { userId: u.id })} aria-label={`${u.username} ${t.edit}`}>{t.edit}</Link>,
  },
];

/** Typing sends one search after a pause, not one per key. */
function useDebouncedSearch(): [string, (v: string) => void] {
  const [params, setParams] = useSearchParams();
  const [value, setValue] = useState(params.get('search') ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = value.trim();
      if (next === (params.get('search') ?? '')) return;
      setParams(next ? { search: next } : {}, { replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [value, params, setParams]);
  return [value, setValue];
}

/** Admin user list with search on username; shared by `/v2/admin/user` and legacy `/user`. */
export function UserList({ addPath }: { addPath: string }) {
  const { users } = useLoaderData<typeof loader>();
  const [search, setSearch] = useDebouncedSearch();
  const add = <Link className="btn btn-primary" to={addPath}>{t.add}</Link>;
  return (
    <ListScreen title={t.listTitle} rows={users} rowKey={(u) => u.id} columns={columns} actions={add}
      search={{ label: t.search, placeholder: t.searchPlaceholder, value: search, onChange: setSearch }}
      sort={{ initial: { id: 'username', desc: false } }}
      empty={{ text: t.empty, action: add }} noMatch={t.empty} />
  );
}
