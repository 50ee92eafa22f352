// GUIDE — the one list screen of the back office (users, companies, profiles, cards, …):
//
//   <ListScreen title={t.title} rows={users} rowKey={(u) => u.id}
//     actions={<Link className="btn btn-primary" to={paths.adminUserAdd}>{t.add}</Link>}
//     search={{ label: t.search, placeholder: t.searchPlaceholder }}          // filters the rows shown
//     sort={{ initial: { id: 'username', desc: false }, persistKey: 'x.sort' }} // persistKey: survives reloads
//     empty={{ text: t.empty, action: <Link …>{t.add}</Link> }}                 // the next step
//     columns={[
//       { id: 'username', header: t.username, cell: (u) => u.username, sortValue: (u) => u.username, searchValue: (u) => u.username },
//       { id: 'actions', header: t.actions, hideHeader: true, cell: (u) => <RowActions …/> },
//     ]} />
//
// - `rows` null means loading. The title shows the count of all rows once they are there.
// - No rows (and no search): `empty.text` and `empty.action` (the next step) replace table and actions.
// - Search: client-side over the columns' `searchValue`; pass `value`/`onChange` to search on the
//   server instead (the rows are then shown as given). `persistKey` keeps the text over reloads.
// - Sorting: columns with `sortValue`; German collation for text. Clicking a header toggles it; narrow
//   screens (rows as blocks, no header row) get a sort select instead.
import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { msg } from '../../../shared/messages.ts';

export interface Column<Row> {
  id: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Makes the column sortable. */
  sortValue?: (row: Row) => string | number;
  /** Text the search looks in. */
  searchValue?: (row: Row) => string;
  /** Header only for screen readers (action columns); no "label:" on narrow screens. */
  hideHeader?: boolean;
  className?: string;
}

export interface Sort {
  id: string;
  desc: boolean;
}

export interface ListScreenProps<Row> {
  title: string;
  /** Whether the title shows the number of rows; default true. */
  count?: boolean;
  rows: Row[] | null;
  rowKey: (row: Row) => string;
  columns: Column<Row>[];
  actions?: ReactNode;
  /** Between the toolbar and the table (notes, summaries). */
  intro?: ReactNode;
  search?: { label: string; placeholder?: string; value?: string; onChange?: (value: string) => void; persistKey?: string };
  sort?: { initial: Sort; persistKey?: string };
  /** No rows at all: what it means and the next step. */
  empty: { text: ReactNode; action?: ReactNode };
  /** Rows exist but the search hides them all. */
  noMatch?: string;
  /** Instead of the table, e.g. 'no company selected'. */
  blocked?: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  rowTitle?: (row: Row) => string | undefined;
  tableClassName?: string;
  children?: ReactNode;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

function readSort(key: string | undefined, initial: Sort, allowed: string[]): Sort {
  if (!key) return initial;
  try {
    const s = JSON.parse(localStorage.getItem(key) ?? 'null') as { id?: unknown; desc?: unknown } | null;
    return s && typeof s.id === 'string' && allowed.includes(s.id) ? { id: s.id, desc: s.desc === true } : initial;
  } catch {
    return initial;
  }
}

function compare(a: string | number, b: string | number): number {
  return typeof a === 'number' && typeof b === 'number' ? a - b : collator.compare(String(a), String(b));
}

export function ListScreen<Row>(props: ListScreenProps<Row>) {
  const { columns, rows, search } = props;
  const t = msg.backoffice;
  const sortable = columns.filter((c) => c.sortValue);
  const [sort, setSort] = useState<Sort | null>(() => (props.sort ? readSort(props.sort.persistKey, props.sort.initial, sortable.map((c) => c.id)) : null));
  const [ownSearch, setOwnSearch] = useState(() => (search?.persistKey ? localStorage.getItem(search.persistKey) ?? '' : ''));
  const serverSearch = search?.onChange !== undefined;
  const text = serverSearch ? search?.value ?? '' : ownSearch;

  useEffect(() => {
    if (props.sort?.persistKey && sort) localStorage.setItem(props.sort.persistKey, JSON.stringify(sort));
  }, [sort, props.sort?.persistKey]);
  useEffect(() => {
    if (search?.persistKey) localStorage.setItem(search.persistKey, ownSearch);
  }, [ownSearch, search?.persistKey]);

  const shown = useMemo(() => {
    if (!rows) return null;
    const needle = serverSearch ? '' : text.trim().toLocaleLowerCase('de');
    const searchable = columns.filter((c) => c.searchValue);
    let out = needle ? rows.filter((r) => searchable.some((c) => c.searchValue!(r).toLocaleLowerCase('de').includes(needle))) : rows;
    const by = sort && columns.find((c) => c.id === sort.id)?.sortValue;
    if (by) out = [...out].sort((a, b) => compare(by(a), by(b)) * (sort.desc ? -1 : 1));
    return out;
  }, [rows, columns, text, serverSearch, sort]);

  // The same column toggles its direction; another column starts ascending (never "unsorted").
  const sortBy = (id: string) => setSort((s) => (s?.id === id ? { id, desc: !s.desc } : { id, desc: false }));
  const setText = (v: string) => (serverSearch ? search?.onChange?.(v) : setOwnSearch(v));

  const heading = (
    <h1 className="toolbar-title">
      {props.title}
      {props.count !== false && rows && <span className="list-count"> {t.count(rows.length)}</span>}
    </h1>
  );

  const empty = !props.blocked && rows !== null && rows.length === 0 && !text;
  return (
    <section className="card list-screen">
      <div className="toolbar">
        {heading}
        <span className="spacer" />
        {/* An empty list shows its next step below, in place of the toolbar's actions. */}
        {!(empty && props.empty.action) && props.actions}
      </div>
      {props.intro}
      {props.blocked ?? (empty ? (
        <div className="empty-state">
          <p>{props.empty.text}</p>
          {props.empty.action}
        </div>
      ) : (
        <>
          {(search || (sort && sortable.length > 0)) && (
            <div className="toolbar">
              {search && (
                <label className="search">
                  <span className="visually-hidden">{search.label}</span>
                  <input type="search" placeholder={search.placeholder ?? search.label} value={text} onChange={(e) => setText(e.target.value)} />
                </label>
              )}
              {sort && sortable.length > 0 && (
                <span className="sort-narrow">
                  {/* Named by aria-label, not a wrapping label: the options' texts would join the name. */}
                  <select aria-label={t.sortBy} value={sort.id} onChange={(e) => setSort({ id: e.target.value, desc: false })}>
                    {sortable.map((c) => <option key={c.id} value={c.id}>{c.header}</option>)}
                  </select>
                  <button type="button" className="btn" aria-label={sort.desc ? t.descending : t.ascending} onClick={() => sortBy(sort.id)}>
                    {sort.desc ? '▼' : '▲'}
                  </button>
                </span>
              )}
            </div>
          )}
          {/* Focusable, so a table wider than the screen can be scrolled with the keyboard. */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label={props.title}>
            <table className={`data responsive actions-nowrap ${props.tableClassName ?? ''}`}>
              <thead>
                <tr>
                  {columns.map((c) => {
                    const active = sort?.id === c.id ? sort : null;
                    return (
                      <th key={c.id} className={c.sortValue ? 'sortable' : undefined}
                        aria-sort={active ? (active.desc ? 'descending' : 'ascending') : undefined}>
                        {c.hideHeader ? <span className="visually-hidden">{c.header}</span>
                          : c.sortValue && sort ? (
                            <button type="button" className="th-sort" onClick={() => sortBy(c.id)}>
                              {c.header}<span aria-hidden="true">{active ? (active.desc ? ' ▼' : ' ▲') : ''}</span>
                            </button>
                          ) : c.header}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {shown?.map((row) => (
                  <tr key={props.rowKey(row)} className={props.rowClassName?.(row)} title={props.rowTitle?.(row)}>
                    {columns.map((c) => (
                      <td key={c.id} className={c.className} data-label={c.hideHeader ? undefined : c.header}>{c.cell(row)}</td>
                    ))}
                  </tr>
                ))}
                {shown && shown.length === 0 && <tr><td colSpan={columns.length} className="muted">{props.noMatch ?? props.empty.text}</td></tr>}
                {!shown && <tr><td colSpan={columns.length} className="muted">{msg.ui.loading}</td></tr>}
              </tbody>
            </table>
          </div>
        </>
      ))}
      {props.children}
    </section>
  );
}
