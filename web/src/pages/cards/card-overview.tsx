import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  columnFilteringFeature, constructSortFn, createColumnHelper, createFilteredRowModel, createSortedRowModel,
  filterFn_includesString, globalFilteringFeature, rowSortingFeature, tableFeatures, useTable,
} from '@tanstack/react-table';
import type { SortingState } from '@tanstack/react-table';
import { personDelete, personExport } from '../../../../shared/api/routes/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { cardQr } from '../../../../shared/api/routes/card.ts';
import { walletSignature } from '../../../../shared/api/routes/wallet.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { getUser, isAdmin } from '../../session.ts';
import { showError, showSuccess } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { uploadUrl } from '../../../../shared/card/links.ts';
import { creditsChanged, selectCompany, useCompanyStore } from '../../state/company-store.ts';
import { ActivationCost } from '../credits/activation-cost.tsx';
import { usePersons } from './use-persons.ts';
import { statisticsVisible, useCompanyStatistics, viewsByCard } from '../statistics/use-company-statistics.ts';

const t = msg.person.ui;

/** The card's QR code (SVG); the server names the file after the person, this is the fallback. */
async function downloadQr(row: CardRow) {
  const name = [row.firstname, row.lastname].map((x) => x.trim()).filter(Boolean).join('-') || msg.card.fallbackFileName;
  const error = await downloadFile(cardQr, { id: row.id }, `${msg.card.qrFilePrefix}-${name}.svg`);
  if (error) showError(error);
}

/** The QR wallet page `/qr/{id}/{signature}` (spec §2): the signature comes from the server. */
async function openWalletQr(row: CardRow) {
  // Opened within the click, so the browser does not block it; filled once the signature is there.
  const win = window.open('', '_blank');
  const res = await call(walletSignature, { params: { userId: row.id } });
  if (!res.data) {
    win?.close();
    return showError(res.errorMessage ?? msg.errors.generic);
  }
  const url = pathTo(paths.qr, { id: row.id, signature: res.data.signature });
  if (win) {
    win.opener = null;
    win.location.href = url;
  } else {
    location.assign(url);
  }
}

export interface CardRow {
  id: string;
  image: string | undefined;
  initials: string;
  lastname: string;
  firstname: string;
  profile: string;
  isActive: boolean;
  createdOn: string;
  /** All-time views (statistics); undefined while loading or when the company's statistics are off. */
  views?: number | undefined;
}

const collator = new Intl.Collator('de', { sensitivity: 'base', numeric: true });
const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: {
    german: constructSortFn({ sort: (a: string, b: string) => collator.compare(a, b) }),
    iso: constructSortFn({ sort: (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) }),
  },
  columnFilteringFeature,
  globalFilteringFeature,
  filteredRowModel: createFilteredRowModel(),
  filterFns: { includesString: filterFn_includesString },
});
const col = createColumnHelper<typeof features, CardRow>();

// Spec §2: sort and search survive a reload.
const SORT_KEY = 'visitenkarten.sort';
const SEARCH_KEY = 'visitenkarten.search';
const SORTABLE = ['lastname', 'firstname', 'profile', 'createdOn'];
const DEFAULT_SORT: SortingState = [{ id: 'lastname', desc: false }];

function storedSort(): SortingState {
  try {
    const s = JSON.parse(localStorage.getItem(SORT_KEY) ?? 'null') as { id?: unknown; desc?: unknown } | null;
    return s && typeof s.id === 'string' && SORTABLE.includes(s.id) ? [{ id: s.id, desc: s.desc === true }] : DEFAULT_SORT;
  } catch {
    return DEFAULT_SORT;
  }
}

function Thumb({ row }: { row: CardRow }) {
  const src = uploadUrl('image', row.image);
  return src
    ? <img className="card-thumb" src={src} alt="" loading="lazy" />
    : <span className="card-thumb card-thumb-empty" aria-hidden="true">{row.initials}</span>;
}

/** `/v2/card/visitenkarte`: the selected company's cards, sortable and searchable. */
export function CardOverview() {
  const [searchParams, setSearchParams] = useSearchParams();
  const store = useCompanyStore();
  // Until the companies are loaded the selection (and its empty profile list) is not settled yet.
  const settled = store.companies !== null;
  const companyId = settled ? store.selectedId : null;
  const profiles = settled ? store.profiles : null;
  const { persons, reload } = usePersons(profiles ? profiles.map((p) => p.id) : null);
  const [sorting, setSorting] = useState<SortingState>(storedSort);
  const [search, setSearch] = useState(() => localStorage.getItem(SEARCH_KEY) ?? '');
  const [toDelete, setToDelete] = useState<CardRow | null>(null);
  const [busy, setBusy] = useState(false);
  const admin = isAdmin(getUser());
  // Each card's views, where the statistics may be seen (spec §6: statistik flag; admins always).
  const showViews = statisticsVisible(getUser(), store.companies?.find((c) => c.id === companyId) ?? null);
  const { stats } = useCompanyStatistics(companyId, showViews);
  const viewCounts = useMemo(() => (stats ? viewsByCard(stats) : null), [stats]);

  // `?companyId=` switches the selected company once, then leaves the address clean. Only a
  // company of the caller's list is chosen; any other id is ignored and the selection stays.
  const wanted = searchParams.get('companyId');
  const companies = store.companies;
  useEffect(() => {
    if (!wanted || !companies) return;
    if (companies.some((c) => c.id === wanted)) void selectCompany(wanted);
    setSearchParams((p) => {
      p.delete('companyId');
      return p;
    }, { replace: true });
  }, [wanted, companies, setSearchParams]);

  useEffect(() => localStorage.setItem(SORT_KEY, JSON.stringify(sorting[0] ?? DEFAULT_SORT[0])), [sorting]);
  useEffect(() => localStorage.setItem(SEARCH_KEY, search), [search]);

  const rows = useMemo<CardRow[]>(() => {
    const names = new Map((profiles ?? []).map((p) => [p.id, p.profilname]));
    return (persons ?? []).map((p) => ({
      id: p.id,
      image: p.image,
      initials: `${p.firstname.charAt(0)}${p.lastname.charAt(0)}`.toUpperCase(),
      lastname: p.lastname,
      firstname: p.firstname,
      profile: names.get(p.companyProfilId) ?? '',
      isActive: p.isActive,
      createdOn: p.createdOn,
      views: viewCounts ? viewCounts.get(p.id)?.totalViews ?? 0 : undefined,
    }));
  }, [persons, profiles, viewCounts]);

  const columns = useMemo(() => col.columns([
    col.display({ id: 'image', header: t.image, cell: (c) => <Thumb row={c.row.original} /> }),
    col.accessor('lastname', { header: t.lastname, sortFn: 'german' }),
    col.accessor('firstname', { header: t.firstname, sortFn: 'german' }),
    col.accessor('profile', { header: t.profile, sortFn: 'german' }),
    col.accessor('isActive', {
      header: t.active, enableSorting: false, enableGlobalFilter: false,
      cell: (c) => <span className={c.getValue() ? 'badge badge-success' : 'badge'}>{c.getValue() ? t.yes : t.no}</span>,
    }),
    ...(showViews ? [col.accessor('views', {
      header: msg.statistic.ui.views, enableSorting: false, enableGlobalFilter: false,
      cell: (c) => <span data-testid="card-views">{c.getValue()?.toLocaleString('de-DE') ?? ''}</span>,
    })] : []),
    col.accessor('createdOn', {
      header: t.createdOn, sortFn: 'iso', enableGlobalFilter: false,
      cell: (c) => <span className="nowrap">{formatDateTime(c.getValue())}</span>,
    }),
    col.display({
      id: 'actions',
      header: '',
      cell: (c) => {
        const row = c.row.original;
        const name = `${row.firstname} ${row.lastname}`;
        return (
          <span className="row-actions">
            <a className="btn" href={pathTo(paths.theCard, { id: row.id })} target="_blank" rel="noopener noreferrer" aria-label={`${t.preview}: ${name}`}>{t.preview}</a>
            <button type="button" className="btn" aria-label={`${t.qrDownload}: ${name}`} onClick={() => void downloadQr(row)}>{t.qrDownload}</button>
            <button type="button" className="btn" aria-label={`${msg.wallet.overview.qrWallet}: ${name}`} onClick={() => void openWalletQr(row)}>{msg.wallet.overview.qrWallet}</button>
            <Link className="btn" to={pathTo(paths.visitenkarteEdit, { id: row.id })} aria-label={`${t.edit}: ${name}`}>{t.edit}</Link>
            <button type="button" className="btn btn-danger-outline" aria-label={`${t.delete}: ${name}`} onClick={() => setToDelete(row)}>{t.delete}</button>
          </span>
        );
      },
    }),
  ]), [showViews]);

  const table = useTable({
    features, columns, data: rows,
    getRowId: (r) => r.id,
    state: { sorting, globalFilter: search },
    onSortingChange: setSorting,
    onGlobalFilterChange: setSearch,
    globalFilterFn: 'includesString',
  });

  // The same column toggles its direction; another column starts ascending (never "unsorted").
  const sortBy = (id: string) => setSorting((s) => (s[0]?.id === id ? [{ id, desc: !s[0].desc }] : [{ id, desc: false }]));

  const confirmDelete = useCallback(async () => {
    if (!toDelete) return;
    setBusy(true);
    const res = await call(personDelete, { params: { id: toDelete.id } });
    setBusy(false);
    setToDelete(null);
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    showSuccess(t.deleted);
    reload();
    void creditsChanged();
  }, [toDelete, reload]);

  async function exportCsv() {
    if (!companyId) return;
    const error = await downloadFile(personExport, { companyId }, `${msg.person.csv.filePrefix}.csv`);
    if (error) showError(error);
  }

  const noProfile = profiles !== null && profiles.length === 0;
  const visible = table.getRowModel().rows;

  return (
    <section className="card">
      <div className="toolbar">
        <h1 className="toolbar-title">{t.overviewTitle(persons ? persons.length : null)}</h1>
        <span className="spacer" />
        {admin && companyId && <button type="button" className="btn" onClick={() => void exportCsv()}>{t.export}</button>}
        {profiles?.length && companyId
          ? <Link className="btn btn-primary" to={paths.visitenkarteAdd}>{t.add}</Link>
          : (
            <span title={profiles ? t.addNeedsProfile : undefined} className="disabled-hint">
              <button type="button" className="btn btn-primary" disabled>{t.add}</button>
            </span>
          )}
      </div>
      {noProfile && <p className="muted">{t.addNeedsProfile}</p>}
      <ActivationCost />
      <div className="toolbar">
        <label className="search cards-search">
          <span className="visually-hidden">{t.search}</span>
          <input type="search" aria-label={t.search} placeholder={t.searchPlaceholder} value={search} onChange={(e) => setSearch(e.target.value)} />
        </label>
        {/* Narrow screens show rows as blocks without a header row: sorting gets its own control. */}
        <span className="cards-sort-narrow">
          <label>
            <span className="visually-hidden">{t.sortBy}</span>
            <select value={sorting[0]?.id ?? 'lastname'} aria-label={t.sortBy} onChange={(e) => setSorting([{ id: e.target.value, desc: false }])}>
              {SORTABLE.map((id) => <option key={id} value={id}>{t.sortLabels[id as keyof typeof t.sortLabels]}</option>)}
            </select>
          </label>
          <button type="button" className="btn" aria-label={sorting[0]?.desc ? t.descending : t.ascending}
            onClick={() => sortBy(sorting[0]?.id ?? 'lastname')}>
            {sorting[0]?.desc ? '▼' : '▲'}
          </button>
        </span>
      </div>
      <div className="table-scroll">
        <table className="data responsive cards-table">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((h) => {
                  const sorted = h.column.getIsSorted();
                  const canSort = h.column.getCanSort() && SORTABLE.includes(h.column.id);
                  return (
                    <th key={h.id} className={canSort ? 'sortable' : undefined}
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}>
                      {canSort
                        ? <button type="button" className="th-sort" onClick={() => sortBy(h.column.id)}>
                            <table.FlexRender header={h} />
                            <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}</span>
                          </button>
                        : <table.FlexRender header={h} />}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {visible.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => {
                  const header = cell.column.columnDef.header;
                  return (
                    <td key={cell.id} data-label={typeof header === 'string' && header && cell.column.id !== 'image' ? header : undefined}>
                      <table.FlexRender cell={cell} />
                    </td>
                  );
                })}
              </tr>
            ))}
            {persons && visible.length === 0 && <tr><td colSpan={columns.length} className="muted">{t.empty}</td></tr>}
            {!persons && <tr><td colSpan={columns.length} className="muted">{settled && companyId === null ? t.noCompany : msg.ui.loading}</td></tr>}
          </tbody>
        </table>
      </div>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion} confirmLabel={t.delete} cancelLabel={t.cancel} busy={busy}
          onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)} />
      )}
    </section>
  );
}
