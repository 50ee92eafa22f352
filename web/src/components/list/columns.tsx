// Column definitions of every back-office list and table (@tanstack/react-table). The helpers below
// make TanStack column definitions with the conventions of our lists, so a screen says only what
// differs: what a column shows, what it sorts and searches by, and how it aligns.
import {
  columnFilteringFeature, columnVisibilityFeature, createFilteredRowModel, createSortedRowModel, globalFilteringFeature,
  rowSortingFeature, tableFeatures,
} from '@tanstack/react-table';
import type { ColumnDef, FilterFn, SortFn } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ActionMenu } from '../action-menu.tsx';
import type { MenuAction } from '../action-menu.tsx';
import { msg } from '../../../../shared/messages.ts';

export interface ListColumnMeta {
  /** Numbers: header and cells right-aligned, digits of equal width. */
  numeric?: boolean;
  /** Header only for screen readers (action columns); no "label:" in the narrow layout either. */
  hideHeader?: boolean;
  /** Searched by the list's search field. */
  search?: boolean;
  /** The user may hide it (the list's "Spalten" choice); the others always show. */
  optional?: boolean;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });

/** Text in German order (ä beside a, case ignored); numbers as numbers. Ascending only: the table reverses. */
const germanOrder: SortFn<any, any> = (a, b, id) => {
  const x = a.getValue(id);
  const y = b.getValue(id);
  return typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x ?? ''), String(y ?? ''));
};

/** The search: the typed text anywhere in the column's value, case ignored. */
const containsText: FilterFn<any, any> = (row, id, needle: string) =>
  String(row.getValue(id) ?? '').toLocaleLowerCase('de').includes(needle);
containsText.resolveFilterValue = (v: unknown) => String(v ?? '').trim().toLocaleLowerCase('de');
containsText.autoRemove = (v: unknown) => !String(v ?? '').trim();

export const listFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { containsText },
  columnVisibilityFeature,
  columnMeta: {} as ListColumnMeta,
});

export type ListColumn<Row extends object> = ColumnDef<typeof listFeatures, Row, any>;

interface Options<Row extends object> {
  /** What the cell shows; default the value itself. */
  cell?: (row: Row) => ReactNode;
  /** Default true: the header sorts by this column. */
  sort?: boolean;
  optional?: boolean;
}

/** A text column: sorted in German order and, unless `search: false`, searched. */
function text<Row extends object>(id: string, header: string, value: (row: Row) => string, o: Options<Row> & { search?: boolean } = {}): ListColumn<Row> {
  return {
    id,
    header,
    accessorFn: value,
    cell: o.cell ? ({ row }) => o.cell!(row.original) : ({ getValue }) => getValue() as string,
    sortFn: germanOrder,
    enableSorting: o.sort !== false,
    enableHiding: o.optional === true,
    meta: { search: o.search !== false, optional: o.optional === true },
  };
}

/** A number column: right-aligned (header too), German number format, sorted as numbers. */
function number<Row extends object>(id: string, header: string, value: (row: Row) => number, o: Options<Row> = {}): ListColumn<Row> {
  return {
    id,
    header,
    accessorFn: value,
    cell: o.cell ? ({ row }) => o.cell!(row.original) : ({ getValue }) => (getValue() as number).toLocaleString('de-DE'),
    sortFn: germanOrder,
    sortDescFirst: false,
    enableSorting: o.sort !== false,
    enableHiding: o.optional === true,
    meta: { numeric: true, optional: o.optional === true },
  };
}

/** A column that only shows something (an image, a badge, a chart); `sortBy` makes it sortable. */
function display<Row extends object>(id: string, header: string, cell: (row: Row) => ReactNode, o: { sortBy?: (row: Row) => string | number; optional?: boolean; numeric?: boolean } = {}): ListColumn<Row> {
  return {
    id,
    header,
    ...(o.sortBy ? { accessorFn: o.sortBy, sortFn: germanOrder, sortDescFirst: false } : {}),
    cell: ({ row }) => cell(row.original),
    enableSorting: o.sortBy !== undefined,
    enableHiding: o.optional === true,
    meta: { optional: o.optional === true, numeric: o.numeric === true },
  };
}

/**
 * The row's actions in the last column. One action is shown as it is (it fits); more go into one
 * menu, so a row never needs more width than one button. `name` names the row for screen readers.
 */
function actions<Row extends object>(name: (row: Row) => string, list: (row: Row) => (MenuAction | null | false | undefined)[]): ListColumn<Row> {
  return {
    id: 'actions',
    header: msg.backoffice.actions,
    cell: ({ row }) => {
      const shown = list(row.original).filter((a): a is MenuAction => Boolean(a));
      const only = shown.length === 1 ? shown[0]! : null;
      if (only && !only.disabled && 'to' in only) {
        return <Link className="btn btn-small" to={only.to} aria-label={`${only.label}: ${name(row.original)}`}>{only.label}</Link>;
      }
      return <ActionMenu label={msg.backoffice.actionsFor(name(row.original))} actions={shown} />;
    },
    enableSorting: false,
    enableHiding: false,
    meta: { hideHeader: true },
  };
}

export const col = { text, number, display, actions };

