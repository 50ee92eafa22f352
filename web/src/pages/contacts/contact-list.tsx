import { useState } from 'react';
import { useLoaderData, useNavigate } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { profileList } from '../../../../shared/api/routes/profile.ts';
import { contactDelete, contactList } from '../../../../shared/api/routes/contact.ts';
import { contactExport } from '../../../../shared/api/routes/exports.ts';
import type { Contact } from '../../../../shared/schemas/contact.ts';
import type { Person } from '../../../../shared/schemas/person.ts';
import { msg } from '../../../../shared/messages.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { mailHref, telHref } from '../../../../shared/card/links.ts';
import { call } from '../../api/client.ts';
import { need, useFreshFor, useWrite } from '../../data.tsx';
import { ExportButtons } from '../../components/export-buttons.tsx';
import { ListScreen } from '../../components/list-screen.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { useCompanyStore } from '../../state/company-store.ts';
import { selectedCompanyId } from '../../state/selection.ts';
import { personsOf } from '../cards/persons-of.ts';

const t = msg.contact.ui;

/** Every contact of the list (pages followed to the last). */
async function allContacts(companyId: string, personId: string | undefined): Promise<Contact[]> {
  const out: Contact[] = [];
  let cursor: string | undefined;
  do {
    const page = await need(call(contactList, { query: { companyId, ...(personId ? { personId } : {}), ...(cursor ? { cursor } : {}) } }));
    out.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return out;
}

/** `/v2/card/kontakte` (`?karte=<card id>` for one card): the selected company's contacts. */
export async function loader({ request }: LoaderFunctionArgs) {
  const companyId = selectedCompanyId();
  const karte = new URL(request.url).searchParams.get('karte') ?? undefined;
  if (!companyId) return { companyId, karte, contacts: null, cards: [] as Person[] };
  const [contacts, cards] = await Promise.all([
    allContacts(companyId, karte),
    need(call(profileList, { params: { companyId } })).then(async (profiles) => (await Promise.all(profiles.map((p) => need(personsOf(p.id))))).flat()),
  ]);
  cards.sort((a, b) => `${a.lastname} ${a.firstname}`.localeCompare(`${b.lastname} ${b.firstname}`, 'de'));
  return { companyId, karte, contacts, cards };
}

export function ContactListScreen() {
  const { companyId, karte, contacts, cards } = useLoaderData<typeof loader>();
  useFreshFor(companyId);
  const store = useCompanyStore();
  const company = store.companies?.find((c) => c.id === companyId);
  const navigate = useNavigate();
  const { write, busy } = useWrite();
  const [deleting, setDeleting] = useState<Contact | null>(null);

  const filter = (
    <div className="contact-filters">
      <label className="field-inline">
        <span>{t.filterCard}</span>
        <select value={karte ?? ''} onChange={(e) => navigate(e.target.value ? `?karte=${encodeURIComponent(e.target.value)}` : '?', { replace: true })} data-testid="contact-card-filter">
          <option value="">{t.allCards}</option>
          {cards.map((p) => <option key={p.id} value={p.id}>{`${p.lastname}, ${p.firstname}`}</option>)}
        </select>
      </label>
      {company && <p className="muted">{t.retentionNote(company.contactRetentionMonths)}</p>}
    </div>
  );

  return (
    <>
      <ListScreen<Contact>
        title={t.title}
        rows={contacts}
        rowKey={(c) => c.id}
        blocked={companyId ? undefined : <p className="muted">{t.noCompany}</p>}
        intro={filter}
        actions={contacts?.length && companyId
          ? <ExportButtons route={contactExport} params={undefined} query={{ companyId, ...(karte ? { personId: karte } : {}) }} what={t.title} fileBase={msg.contact.export.filePrefix} />
          : undefined}
        search={{ label: t.search }}
        sort={{ initial: { id: 'createdAt', desc: true } }}
        empty={{ text: t.empty }}
        tableClassName="contacts"
        columns={[
          { id: 'createdAt', header: t.receivedAt, cell: (c) => <span className="nowrap">{formatDateTime(c.createdAt)}</span>, sortValue: (c) => c.createdAt },
          { id: 'name', header: t.name, cell: (c) => c.name, sortValue: (c) => c.name, searchValue: (c) => `${c.name} ${c.company ?? ''}` },
          { id: 'email', header: t.email, cell: (c) => (c.email ? <a href={mailHref(c.email)}>{c.email}</a> : '–'), searchValue: (c) => c.email ?? '' },
          { id: 'phone', header: t.phone, cell: (c) => (c.phone ? <a href={telHref(c.phone)}>{c.phone}</a> : '–'), searchValue: (c) => c.phone ?? '' },
          { id: 'company', header: t.company, cell: (c) => c.company ?? '–', sortValue: (c) => c.company ?? '' },
          { id: 'message', header: t.message, cell: (c) => (c.message ? <span className="contact-message">{c.message}</span> : '–'), searchValue: (c) => c.message ?? '' },
          { id: 'card', header: t.card, cell: (c) => c.cardName, sortValue: (c) => c.cardName, searchValue: (c) => c.cardName },
          { id: 'actions', header: t.delete, hideHeader: true, cell: (c) => <button type="button" className="btn btn-danger btn-small" onClick={() => setDeleting(c)} aria-label={`${t.delete}: ${c.name}`}>{t.delete}</button> },
        ]}
      />
      {deleting && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteText} confirmLabel={t.delete} cancelLabel={t.cancel} busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await write(call(contactDelete, { params: { id: deleting.id } }), { success: t.deleted });
            setDeleting(null);
          }} />
      )}
    </>
  );
}
