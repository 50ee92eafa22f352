import { useEffect, useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import { useTable } from '@tanstack/react-table';
import type { Cell, ColumnVisibilityState, SortingState } from '@tanstack/react-table';
import { msg } from '../../../../shared/messages.ts';
import { listFeatures } from './columns.tsx';
import type { ListColumn, ListColumnMeta } from './columns.tsx';

const t = msg.backoffice;

export interface Sort {
  id: string;
  desc: boolean;
}

export interface ListTableProps<Row extends object> {
  /** Null while loading. */
  rows: Row[] | null;
  rowKey: (row: Row) => string;
  columns: ListColumn<Row>[];
  /** Names the table's scroll region (usually the list's title). */
  label: string;
  /** Client search over the columns made searchable; with `onChange` the server searches and the rows are shown as given. */
  search?: { label: string; placeholder?: string; value?: string; onChange?: (value: string) => void };
  /** Sortable headers (and, on narrow screens, a sort select); without it the rows stay in the given order. */
  sort?: { initial: Sort };
  /** Columns this user does not get at all (not offered in the column choice either). */
  hidden?: readonly string[];
  /** Local-storage prefix: sort, search and column choice survive a reload (`<persist>.sort|search|columns`). */
  persist?: string;
  /** Shown in the table when there are no rows, or when the search hides all of them (`noMatch`). */
  emptyText: ReactNode;
  noMatch?: ReactNode;
  rowClassName?: (row: Row) => string | undefined;
  rowTitle?: (row: Row) => string | undefined;
  tableClassName?: string;
  testId?: string;
}

const EMPTY: never[] = [];

/**
 * A cell's content: its definition called as a function. Not FlexRender, which renders it as a
 * component: screens build their columns inline, so every render would be a new component type and
 * remount the cell (an open row menu would close and lose its focus).
 */
function renderCell<Row extends object>(cell: Cell<typeof listFeatures, Row, unknown>): ReactNode {
  const def = cell.column.columnDef.cell;
  return typeof def === 'function' ? def(cell.getContext()) : def;
}

function stored<T>(key: string | undefined, check: (v: unknown) => T | null): T | null {
  if (!key) return null;
  try {
    return check(JSON.parse(localStorage.getItem(key) ?? 'null'));
  } catch {
    return null;
  }
}

function useStored<T>(key: string | undefined, initial: () => T, check: (v: unknown) => T | null): [T, (next: T | ((v: T) => T)) => void] {
  const [value, setValue] = useState<T>(() => stored(key, check) ?? initial());
  useEffect(() => {
    if (key) localStorage.setItem(key, JSON.stringify(value));
  }, [key, value]);
  return [value, setValue];
}

/**
 * A list as a table, on @tanstack/react-table: the column definitions (columns.tsx), sorting in
 * German order, the search over the searchable columns, the column choice, and the persisted
 * state. Narrow screens show each row as a block of "label: value" lines and sort by a select.
 */
export function ListTable<Row extends object>(props: ListTableProps<Row>) {
  const { columns, search, sort } = props;
  const sortable = new Set(columns.filter((c) => c.enableSorting !== false && sort).map((c) => c.id!));
  // Stored as `{ id, desc }` (the card list's key `visitenkarten.sort` predates the table).
  const [stored, setStored] = useStored<Sort | null>(props.persist && sort ? `${props.persist}.sort` : undefined, () => sort?.initial ?? null, (v) => {
    const s = v as Partial<Sort> | null;
    return s && typeof s.id === 'string' && sortable.has(s.id) ? { id: s.id, desc: s.desc === true } : null;
  });
  const sorting: SortingState = useMemo(() => (stored ? [stored] : []), [stored]);
  const setSorting = (next: SortingState | ((old: SortingState) => SortingState)) => {
    const value = typeof next === 'function' ? next(sorting) : next;
    setStored(value[0] ?? null);
  };
  const [ownSearch, setOwnSearch] = useStored<string>(props.persist && search && !search.onChange ? `${props.persist}.search` : undefined,
    () => '', (v) => (typeof v === 'string' ? v : null));
  const [chosen, setChosen] = useStored<ColumnVisibilityState>(props.persist && `${props.persist}.columns`, () => ({}),
    (v) => (v && typeof v === 'object' ? v as ColumnVisibilityState : null));
  const serverSearch = search?.onChange !== undefined;
  const text = serverSearch ? search?.value ?? '' : ownSearch;
  const hiddenKey = (props.hidden ?? []).join(',');
  const columnVisibility = useMemo(
    () => ({ ...chosen, ...Object.fromEntries((props.hidden ?? []).map((id) => [id, false])) }),
    // The hidden list is compared by content: screens pass a fresh array each render.
    [chosen, hiddenKey],
  );

  const table = useTable({
    features: listFeatures,
    columns,
    data: props.rows ?? EMPTY,
    getRowId: (row) => props.rowKey(row),
    state: { sorting, globalFilter: text, columnVisibility },
    onSortingChange: setSorting,
    // Only the user's choice is kept: a column this user does not get stays out of it.
    onColumnVisibilityChange: (next) => setChosen(Object.fromEntries(Object.entries(typeof next === 'function' ? next(columnVisibility) : next)
      .filter(([id]) => !(props.hidden ?? []).includes(id)))),
    enableSorting: sort !== undefined,
    enableSortingRemoval: false,
    enableMultiSort: false,
    globalFilterFn: 'containsText',
    getColumnCanGlobalFilter: (column) => (column.columnDef.meta as ListColumnMeta | undefined)?.search === true,
    manualFiltering: serverSearch,
  });

  const setText = (v: string) => (serverSearch ? search?.onChange?.(v) : setOwnSearch(v));
  const current = sorting[0];
  const sortColumns = table.getAllLeafColumns().filter((c) => c.getCanSort());
  const choosable = table.getAllLeafColumns().filter((c) => c.getCanHide() && !(props.hidden ?? []).includes(c.id));
  const rows = props.rows ? table.getRowModel().rows : null;
  const span = table.getVisibleLeafColumns().length;

  return (
    <>
      {(search || sortColumns.length > 0 || choosable.length > 0) && (
        // Sorting alone is a narrow screen's select: on wide screens the headers sort, the row stays empty.
        <div className={`toolbar list-tools${!search && choosable.length === 0 ? ' narrow-only' : ''}`}>
          {search && (
            <label className="search">
              <span className="visually-hidden">{search.label}</span>
              <input type="search" placeholder={search.placeholder ?? search.label} value={text} onChange={(e) => setText(e.target.value)} />
            </label>
          )}
          {current && sortColumns.length > 0 && (
            <span className="sort-narrow">
              {/* Named by aria-label, not a wrapping label: the options' texts would join the name. */}
              <select aria-label={t.sortBy} value={current.id} onChange={(e) => setSorting([{ id: e.target.value, desc: false }])}>
                {sortColumns.map((c) => <option key={c.id} value={c.id}>{String(c.columnDef.header)}</option>)}
              </select>
              <button type="button" className="btn" aria-label={current.desc ? t.descending : t.ascending}
                onClick={() => setSorting([{ id: current.id, desc: !current.desc }])}>
                {current.desc ? '▼' : '▲'}
              </button>
            </span>
          )}
          {choosable.length > 0 && (
            <details className="column-choice">
              <summary>{t.columns}</summary>
              <fieldset>
                <legend className="visually-hidden">{t.columnsLegend}</legend>
                {choosable.map((c) => (
                  <label key={c.id} className="checkbox">
                    <input type="checkbox" checked={c.getIsVisible()} onChange={(e) => c.toggleVisibility(e.target.checked)} />
                    {String(c.columnDef.header)}
                  </label>
                ))}
              </fieldset>
            </details>
          )}
        </div>
      )}
      {/* Focusable, so a table wider than the screen could still be scrolled with the keyboard. */}
      <div className="table-scroll" tabIndex={0} role="region" aria-label={props.label}>
        <table className={`data responsive ${props.tableClassName ?? ''}`} data-testid={props.testId}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const c = header.column;
                  const meta = c.columnDef.meta;
                  const label = String(c.columnDef.header);
                  const dir = c.getIsSorted();
                  return (
                    <th key={header.id} className={[c.getCanSort() ? 'sortable' : '', meta?.numeric ? 'num' : ''].join(' ').trim() || undefined}
                      aria-sort={dir ? (dir === 'desc' ? 'descending' : 'ascending') : undefined}>
                      {meta?.hideHeader ? <span className="visually-hidden">{label}</span>
                        : c.getCanSort() ? (
                          <button type="button" className="th-sort" onClick={() => setSorting([{ id: c.id, desc: dir === 'asc' }])}>
                            {label}<span aria-hidden="true">{dir ? (dir === 'desc' ? ' ▼' : ' ▲') : ''}</span>
                          </button>
                        ) : label}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={row.id} className={props.rowClassName?.(row.original)} title={props.rowTitle?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <td key={cell.id} className={meta?.numeric ? 'num' : meta?.hideHeader ? 'actions-cell' : undefined}
                      data-label={meta?.hideHeader ? undefined : String(cell.column.columnDef.header)}>
                      {renderCell(cell)}
                    </td>
                  );
                })}
              </tr>
            ))}
            {rows && rows.length === 0 && <tr><td colSpan={span} className="muted">{props.rows?.length ? props.noMatch ?? props.emptyText : props.emptyText}</td></tr>}
            {!rows && <tr><td colSpan={span} className="muted">{msg.ui.loading}</td></tr>}
          </tbody>
        </table>
      </div>
    </>
  );
}
