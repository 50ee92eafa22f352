import { useMemo, useState } from 'react';
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
import { col, ListScreen } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { paths } from '../../paths.ts';
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

/** Everything searched in a contact: who, how to reach them, and from where. */
const contactText = (c: Contact) => [c.name, c.company, c.email, c.phone].filter(Boolean).join(' ');

/** Who it is with their company, e-mail and phone in one cell, so the list fits a laptop's width. */
function Who({ c }: { c: Contact }) {
  const mail = mailHref(c.email);
  const tel = telHref(c.phone);
  return (
    <span className="contact-who">
      <strong>{c.name}</strong>
      {c.company && <span>{c.company}</span>}
      {c.email && (mail ? <a href={mail}>{c.email}</a> : <span>{c.email}</span>)}
      {c.phone && (tel ? <a href={tel}>{c.phone}</a> : <span>{c.phone}</span>)}
    </span>
  );
}

/** Newest first; who and how to reach them, what they wrote, on which card. */
function contactColumns(remove: (c: Contact) => void): ListColumn<Contact>[] {
  return [
    col.text('createdAt', t.receivedAt, (c) => c.createdAt, { search: false, cell: (c) => <span className="nowrap">{formatDateTime(c.createdAt)}</span> }),
    col.text('name', t.contact, contactText, { cell: (c) => <Who c={c} /> }),
    col.text('message', t.message, (c) => c.message ?? '', { sort: false, optional: true, cell: (c) => (c.message ? <span className="contact-message">{c.message}</span> : '–') }),
    col.text('card', t.card, (c) => c.cardName),
    col.actions((c) => c.name, (c) => {
      const mail = mailHref(c.email);
      const tel = telHref(c.phone);
      return [
        mail ? { label: t.writeMail, href: mail } : null,
        tel ? { label: t.callPhone, href: tel } : null,
        { label: t.onlyThisCard, to: `${paths.contacts}?karte=${encodeURIComponent(c.personId)}` },
        { label: t.delete, danger: true, onSelect: () => remove(c) },
      ];
    }),
  ];
}

export function ContactListScreen() {
  const { companyId, karte, contacts, cards } = useLoaderData<typeof loader>();
  useFreshFor(companyId);
  const store = useCompanyStore();
  const company = store.companies?.find((c) => c.id === companyId);
  const navigate = useNavigate();
  const { write, busy } = useWrite();
  const [deleting, setDeleting] = useState<Contact | null>(null);
  const columns = useMemo(() => contactColumns(setDeleting), []);

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
    <ListScreen<Contact>
      title={t.title}
      rows={contacts}
      rowKey={(c) => c.id}
      columns={columns}
      blocked={companyId ? undefined : <p className="muted">{t.noCompany}</p>}
      intro={filter}
      actions={contacts?.length && companyId
        ? <ExportButtons route={contactExport} params={undefined} query={{ companyId, ...(karte ? { personId: karte } : {}) }} what={t.title} fileBase={msg.contact.export.filePrefix} />
        : undefined}
      search={{ label: t.search }}
      sort={{ initial: { id: 'createdAt', desc: true } }}
      persist="kontakte"
      empty={{ text: t.empty }}
      noMatch={t.noMatch}
      tableClassName="contacts"
    >
      {deleting && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteText(deleting.name)} confirmLabel={t.delete} cancelLabel={t.cancel} busy={busy}
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            await write(call(contactDelete, { params: { id: deleting.id } }), { success: t.deleted });
            setDeleting(null);
          }} />
      )}
    </ListScreen>
  );
}
