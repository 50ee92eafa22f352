import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Await, Link, useLoaderData, useSearchParams } from 'react-router';
import { personDelete } from '../../../../shared/api/routes/person.ts';
import { personExport } from '../../../../shared/api/routes/exports.ts';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { profileList } from '../../../../shared/api/routes/profile.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { cardQr } from '../../../../shared/api/routes/person.ts';
import { walletSignature } from '../../../../shared/api/routes/wallet.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { need, useFreshFor, useWrite } from '../../data.tsx';
import { getUser, isAdmin } from '../../session.ts';
import { showError } from '../../toast.tsx';
import { paths, pathTo } from '../../paths.ts';
import { variantUrl } from '../../../../shared/images.ts';
import { useCompanyStore } from '../../state/company-store.ts';
import { selectedCompanyId, setSelectedCompanyId } from '../../state/selection.ts';
import { ActivationCost } from '../credits/activation-cost.tsx';
import { personsOf } from './persons-of.ts';
import { statisticsVisible, viewsByCard } from '../statistics/company-statistics.ts';
import { statisticCompany } from '../../../../shared/api/routes/statistic.ts';

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
  /** Kept by the company's directory (SCIM, issue 26). */
  synced: boolean;
}

// Spec §2: sort and search survive a reload (`visitenkarten.sort`, `visitenkarten.search`), the column choice too.
const PERSIST = 'visitenkarten';

interface Cards {
  profiles: Profile[];
  persons: Person[];
}

async function cardsOf(companyId: string): Promise<Cards> {
  const profiles = await need(call(profileList, { params: { companyId } }));
  const persons = (await Promise.all(profiles.map((p) => need(personsOf(p.id))))).flat();
  return { profiles, persons };
}

/**
 * The selected company's profiles and cards (spec §4: the persons of its profiles). Not awaited:
 * the screen shows at once and its rows follow (a company may have many cards, in pages).
 */
export function loader() {
  const companyId = selectedCompanyId();
  return { companyId, cards: companyId ? cardsOf(companyId) : null, views: companyId ? viewsOf(companyId) : null };
}

type ViewCounts = ReturnType<typeof viewsByCard>;

/**
 * Each card's views, beside the cards (not after them). Whether they may be seen (statistik flag)
 * is known from the layout's companies only: the screen shows them only then, and a refusal
 * leaves the column empty as before.
 */
async function viewsOf(companyId: string): Promise<ViewCounts | null> {
  const res = await call(statisticCompany, { query: { companyId } });
  return res.data ? viewsByCard(res.data) : null;
}

/** One card's views, filled in when the statistics arrive (each cell waits, the list does not). */
function ViewsCell({ views, id }: { views: Promise<ViewCounts | null> | null; id: string }) {
  const empty = <span data-testid="card-views" />;
  if (!views) return empty;
  return (
    <Suspense fallback={empty}>
      <Await resolve={views}>{(v: ViewCounts | null) => <span data-testid="card-views">{v ? (v.get(id)?.totalViews ?? 0).toLocaleString('de-DE') : ''}</span>}</Await>
    </Suspense>
  );
}

function Thumb({ row }: { row: CardRow }) {
  // The 160 px variant: the list draws a small square, never the original.
  const src = row.image ? variantUrl('image', row.image, { width: 160 }) : undefined;
  return src
    ? <img className="card-thumb" src={src} alt="" loading="lazy" />
    : <span className="card-thumb card-thumb-empty" aria-hidden="true">{row.initials}</span>;
}

/** `/v2/card/visitenkarte`: the selected company's cards, sortable and searchable. */
export function CardOverview() {
  const { companyId, cards, views } = useLoaderData<typeof loader>();
  const store = useCompanyStore();
  // Each card's views, where the statistics may be seen (spec §6: statistik flag; admins always).
  const showViews = statisticsVisible(getUser(), store.companies?.find((c) => c.id === companyId) ?? null);
  const list = (loaded: Cards | null) => <CardList loadedFor={companyId} cards={loaded} showViews={showViews} views={views} />;
  if (!cards) return list(null);
  return (
    <Suspense fallback={list(null)}>
      <Await resolve={cards}>{(loaded: Cards) => list(loaded)}</Await>
    </Suspense>
  );
}

function CardList({ loadedFor, cards, showViews, views }: {
  loadedFor: string | null; cards: Cards | null; showViews: boolean; views: Promise<ViewCounts | null> | null;
}) {
  const [searchParams, setSearchParams] = useSearchParams();
  const store = useCompanyStore();
  useFreshFor(loadedFor);
  // Until the loaders ran for the company now selected, nothing of another company shows.
  const current = store.companies !== null && loadedFor === store.selectedId;
  const companyId = current ? loadedFor : null;
  const profiles = current ? cards?.profiles ?? null : null;
  const persons = current ? cards?.persons ?? null : null;
  const [toDelete, setToDelete] = useState<CardRow | null>(null);
  const { busy, write } = useWrite();
  const admin = isAdmin(getUser());

  // `?companyId=` switches the selected company once, then leaves the address clean. Only a
  // company of the caller's list is chosen; any other id is ignored and the selection stays.
  const wanted = searchParams.get('companyId');
  const companies = store.companies;
  useEffect(() => {
    if (!wanted || !companies) return;
    if (companies.some((c) => c.id === wanted)) setSelectedCompanyId(wanted);
    setSearchParams((p) => {
      p.delete('companyId');
      return p;
    }, { replace: true });
  }, [wanted, companies, setSearchParams]);

  const rows = useMemo<CardRow[] | null>(() => {
    if (!persons) return null;
    const names = new Map((profiles ?? []).map((p) => [p.id, p.profilname]));
    return persons.map((p) => ({
      id: p.id,
      image: p.image,
      initials: `${p.firstname.charAt(0)}${p.lastname.charAt(0)}`.toUpperCase(),
      lastname: p.lastname,
      firstname: p.firstname,
      profile: names.get(p.companyProfilId) ?? '',
      isActive: p.isActive,
      createdOn: p.createdOn,
      synced: Boolean(p.scim),
    }));
  }, [persons, profiles]);

  const nameOf = (r: CardRow) => `${r.firstname} ${r.lastname}`.trim();
  const columns: ListColumn<CardRow>[] = [
    col.display('image', t.image, (r) => <Thumb row={r} />, { optional: true }),
    col.text('lastname', t.lastname, (r) => r.lastname),
    col.text('firstname', t.firstname, (r) => r.firstname),
    col.text('profile', t.profile, (r) => r.profile, { optional: true }),
    col.display('isActive', t.active, (r) => (
      <>
        <span className={r.isActive ? 'badge badge-success' : 'badge'}>{r.isActive ? t.yes : t.no}</span>
        {r.synced && <span className="muted synced-note"> {msg.scim.syncedBadge}</span>}
      </>
    )),
    col.display('views', msg.statistic.ui.views, (r) => <ViewsCell views={views} id={r.id} />, { optional: true, numeric: true }),
    // ISO timestamps sort as numbers; German collation would not.
    col.display('createdOn', t.createdOn, (r) => <span className="nowrap">{formatDateTime(r.createdOn)}</span>, { sortBy: (r) => Date.parse(r.createdOn) || 0, optional: true }),
    col.actions(nameOf, (row) => [
      { label: t.preview, href: pathTo(paths.theCard, { id: row.id }), newTab: true },
      { label: t.qrDownload, onSelect: () => void downloadQr(row) },
      { label: msg.wallet.overview.qrWallet, onSelect: () => void openWalletQr(row), newTab: true },
      { label: msg.contact.ui.cardContacts, to: `${paths.contacts}?karte=${encodeURIComponent(row.id)}` },
      { label: t.edit, to: pathTo(paths.visitenkarteEdit, { id: row.id }) },
      { label: t.delete, danger: true, onSelect: () => setToDelete(row) },
    ]),
  ];

  const confirmDelete = useCallback(async () => {
    if (!toDelete) return;
    // The list, the balance and the card counts load again (useWrite revalidates).
    await write(call(personDelete, { params: { id: toDelete.id } }), { success: t.deleted });
    setToDelete(null);
  }, [toDelete, write]);

  const noProfile = profiles !== null && profiles.length === 0;
  const add = profiles?.length && companyId
    ? <Link className="btn btn-primary" to={paths.visitenkarteAdd}>{t.add}</Link>
    : (
      <span title={profiles ? t.addNeedsProfile : undefined} className="disabled-hint">
        <button type="button" className="btn btn-primary" disabled>{t.add}</button>
      </span>
    );
  // Without a profile the hint above says what is missing; the toolbar keeps its disabled "add".
  const nextStep = noProfile ? undefined : add;

  return (
    <ListScreen title={msg.shell.nav.cards} rows={rows} rowKey={(r) => r.id} columns={columns} tableClassName="cards-table" hidden={showViews ? [] : ['views']}
      actions={<>
        {admin && companyId && <ExportButtons route={personExport} params={{ companyId }} what={msg.shell.nav.cards} fileBase={msg.person.csv.filePrefix} />}
        {add}
      </>}
      intro={<>{noProfile && <p className="muted">{t.addNeedsProfile}</p>}<ActivationCost /></>}
      blocked={store.companies && !store.selectedId ? <p className="muted">{t.noCompany}</p> : undefined}
      search={{ label: t.search, placeholder: t.searchPlaceholder }}
      sort={{ initial: { id: 'lastname', desc: false } }} persist={PERSIST}
      empty={{ text: t.empty, action: nextStep }} noMatch={t.empty}>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion(nameOf(toDelete))} confirmLabel={t.delete} cancelLabel={t.cancel} busy={busy}
          onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)} />
      )}
    </ListScreen>
  );
}
