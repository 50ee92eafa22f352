import { constructTable } from '@tanstack/react-table';
import { storeReactivityBindings } from '@tanstack/table-core/store-reactivity-bindings';
import { listFeatures } from '../../web/src/components/list/columns.tsx';
import type { ListColumn } from '../../web/src/components/list/columns.tsx';

/** The rows in the order a list shows them sorted by one column: the list's own table model, without React. */
export function sortedByColumn<Row extends object>(columns: ListColumn<Row>[], rows: Row[], sort: { id: string; desc: boolean }): Row[] {
  const table = constructTable({
    features: { ...listFeatures, coreReactivityFeature: storeReactivityBindings() },
    columns: columns as never,
    data: rows,
    initialState: { sorting: [sort] },
    enableSortingRemoval: false,
  });
  return table.getRowModel().rows.map((r) => r.original as Row);
}
