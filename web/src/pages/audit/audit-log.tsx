import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { auditList } from '../../../../shared/api/routes/privacy.ts';
import { auditExport } from '../../../../shared/api/routes/exports.ts';
import type { AuditEntry } from '../../../../shared/schemas/audit.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { call } from '../../api/client.ts';
import { need, useFreshFor } from '../../data.tsx';
import { getUser, isAdmin } from '../../session.ts';
import { paths, pathTo } from '../../paths.ts';
import { selectedCompanyId } from '../../state/selection.ts';
import { ListScreen, col } from '../../components/list-screen.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { showError } from '../../toast.tsx';

const t = msg.privacy.ui;
const a = msg.privacy.audit;

/** The filters as the address carries them (German names) and as the API takes them. */
const FILTERS = { objekt: 'objectId', person: 'actor', von: 'from', bis: 'to' } as const;
type Filter = Partial<Record<(typeof FILTERS)[keyof typeof FILTERS], string>>;

function filterOf(url: URL): Filter {
  const out: Filter = {};
  for (const [param, key] of Object.entries(FILTERS)) {
    const v = url.searchParams.get(param)?.trim();
    if (v) out[key] = v;
  }
  return out;
}

/** Admins read every company's entries; company users those of the selected company. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = getUser();
  const admin = user ? isAdmin(user) : false;
  const companyId = admin ? null : selectedCompanyId();
  const filter = filterOf(new URL(request.url));
  const query = { ...filter, ...(companyId ? { companyId } : {}) };
  const page = admin || companyId ? await need(call(auditList, { query: { ...query, limit: '100' } })) : { items: [] as AuditEntry[] };
  return { companyId, admin, filter, query, page };
}

function objectCell(e: AuditEntry) {
  const type = a.objectTypes[e.objectType] ?? e.objectType;
  if (e.objectType === 'person' && e.action !== 'erase' && e.action !== 'delete') {
    return <span className="audit-object">{type} <Link to={pathTo(paths.visitenkarteEdit, { id: e.objectId })}>{e.objectId}</Link></span>;
  }
  return <span className="audit-object">{type} <span className="muted">{e.objectId}</span></span>;
}

/** `/v2/card/protokoll`: who changed what and when, newest first, with filters and export. */
export function AuditLog() {
  const { companyId, admin, filter, query, page } = useLoaderData<typeof loader>();
  useFreshFor(companyId);
  const navigate = useNavigate();
  const [more, setMore] = useState<{ items: AuditEntry[]; cursor?: string | undefined; for: unknown }>({ items: [], cursor: page.nextCursor, for: page });
  const extra = more.for === page ? more : { items: [], cursor: page.nextCursor, for: page };
  const rows = [...page.items, ...extra.items];

  async function loadMore() {
    if (!extra.cursor) return;
    const res = await call(auditList, { query: { ...query, limit: '100', cursor: extra.cursor } });
    if (!res.data) return showError(res.errorMessage ?? msg.errors.generic);
    setMore({ items: [...extra.items, ...res.data.items], cursor: res.data.nextCursor, for: page });
  }

  function apply(ev: FormEvent<HTMLFormElement>) {
    ev.preventDefault();
    const data = new FormData(ev.currentTarget);
    const search = new URLSearchParams();
    for (const param of Object.keys(FILTERS)) {
      const v = String(data.get(param) ?? '').trim();
      if (v) search.set(param, v);
    }
    void navigate(`${paths.auditLog}${search.size ? `?${search.toString()}` : ''}`);
  }

  const columns = [
    col.display('at', a.columns.at, (e: AuditEntry) => <span className="nowrap">{formatDateTime(e.at)}</span>),
    // The role stands under the name (a column of its own made the table too wide for a laptop).
    col.text('actor', a.columns.actor, (e: AuditEntry) => e.actorName || a.unknownActor, {
      cell: (e: AuditEntry) => <>{e.actorName || a.unknownActor}<br /><span className="muted">{a.roles[e.actorRole] ?? e.actorRole}</span></>,
    }),
    col.text('action', a.columns.action, (e: AuditEntry) => a.actions[e.action] ?? e.action),
    col.display('object', a.columns.objectType, objectCell),
    col.text('fields', a.columns.fields, (e: AuditEntry) => e.fields.join(', ') || '–', { cell: (e: AuditEntry) => <span className="audit-object">{e.fields.join(', ') || '–'}</span> }),
    ...(admin ? [col.text('company', a.columns.company, (e: AuditEntry) => e.companyId ?? '–', { optional: true })] : []),
  ];

  return (
    <ListScreen
      title={t.auditTitle}
      rows={rows}
      rowKey={(e) => e.id}
      columns={columns}
      sort={{ initial: { id: 'at', desc: true } }}
      intro={(
        <>
          <p className="muted">{t.auditIntro}</p>
          <form className="filter-bar form-grid" onSubmit={apply} aria-label={t.auditTitle}>
            <label>{t.filterObject}<input name="objekt" defaultValue={filter.objectId ?? ''} /></label>
            <label>{t.filterActor}<input name="person" defaultValue={filter.actor ?? ''} /></label>
            <label>{t.filterFrom}<input name="von" type="date" defaultValue={filter.from ?? ''} /></label>
            <label>{t.filterTo}<input name="bis" type="date" defaultValue={filter.to ?? ''} /></label>
            <span className="row-actions">
              <button type="submit" className="btn btn-primary">{t.filterApply}</button>
              <Link className="btn" to={paths.auditLog}>{t.filterReset}</Link>
            </span>
          </form>
        </>
      )}
      actions={<ExportButtons route={auditExport} params={undefined} what={a.sheet} fileBase={a.filePrefix} query={query as Record<string, string>} />}
      empty={{ text: t.empty }}
    >
      {extra.cursor && <p><button type="button" className="btn" onClick={() => void loadMore()}>{t.more}</button></p>}
    </ListScreen>
  );
}
