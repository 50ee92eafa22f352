import { useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { userList } from '../../../../shared/api/routes/user.ts';
import type { PublicUser } from '../../../../shared/schemas/user.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { pathTo } from '../../paths.ts';
import { groupLabel } from './group-label.ts';

const t = msg.users;

/** The search lives in the address (`?search=`), so the loader can send it to the server. */
export async function loader({ request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams.get('search')?.trim() ?? '';
  return { search, users: await need(call(userList, { query: { search } })) };
}

const text = (key: 'username' | 'firstname' | 'lastname' | 'email') => (u: PublicUser) => u[key];

// The server searches (by username); the columns only sort.
const columns = (editPath: string): ListColumn<PublicUser>[] => [
  col.text('username', t.username, text('username'), { search: false }),
  col.text('firstname', t.firstname, text('firstname'), { search: false, optional: true }),
  col.text('lastname', t.lastname, text('lastname'), { search: false, optional: true }),
  col.text('email', t.email, text('email'), { search: false, optional: true }),
  col.text('group', t.groupColumn, (u) => groupLabel(u.userGroup.group), { search: false }),
  col.text('isActive', t.active, (u) => (u.isActive ? t.yes : t.no), { search: false, sort: false }),
  col.actions((u) => u.username, (u) => [{ label: t.edit, to: pathTo(editPath, { userId: u.id }) }]),
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

/** Admin user list with search on username; shared by `/v2/admin/user` and legacy `/user`, each with its own add and edit screens. */
export function UserList({ addPath, editPath }: { addPath: string; editPath: string }) {
  const { users } = useLoaderData<typeof loader>();
  const cols = useMemo(() => columns(editPath), [editPath]);
  const [search, setSearch] = useDebouncedSearch();
  const add = <Link className="btn btn-primary" to={addPath}>{t.add}</Link>;
  return (
    <ListScreen title={t.listTitle} rows={users} rowKey={(u) => u.id} columns={cols} actions={add} persist="benutzer"
      search={{ label: t.search, placeholder: t.searchPlaceholder, value: search, onChange: setSearch }}
      sort={{ initial: { id: 'username', desc: false } }}
      empty={{ text: t.empty, action: add }} noMatch={t.empty} />
  );
}
