import { useState } from 'react';
import { Link, useLoaderData, useSearchParams } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { vcardCompanyList, vcardPersonDelete, vcardPersonList, vcardPersonListByCompany } from '../../../../shared/api/routes/vcard.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardPerson } from '../../../../shared/schemas/vcard-person.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';

const t = msg.vcard.ui;
const fullName = (p: VcardPerson) => [p.nice, p.firstname, p.lastname].filter(Boolean).join(' ');

/** The persons (of one company with `?companyId=`) and the companies for the choice and the company column. */
export async function loader({ request }: LoaderFunctionArgs): Promise<{ persons: VcardPerson[]; companies: VcardCompany[] }> {
  const companyId = new URL(request.url).searchParams.get('companyId');
  const [persons, companies] = await Promise.all([
    need(companyId ? call(vcardPersonListByCompany, { params: { companyId } }) : call(vcardPersonList)),
    // The company names are an aid: without them the list still shows ('–').
    call(vcardCompanyList).then((res) => res.data ?? []),
  ]);
  return { persons, companies };
}

/** `/vcard/person` (optionally `?companyId=`): the legacy persons, each with a menu of its actions. */
export function VcardPersonList() {
  const [search, setSearch] = useSearchParams();
  const companyId = search.get('companyId') ?? '';
  const { persons, companies } = useLoaderData<typeof loader>();
  const [toDelete, setToDelete] = useState<VcardPerson | null>(null);
  const { busy, write } = useWrite();

  async function remove(p: VcardPerson) {
    await write(call(vcardPersonDelete, { params: { id: p.id } }), { success: t.personDeleted });
    setToDelete(null);
  }

  const orgOf = new Map(companies.map((c) => [c.id, c.org]));
  const addTo = companyId || companies[0]?.id;
  const choose = (
    <label>
      <span className="visually-hidden">{t.chooseCompany}</span>
      <select aria-label={t.chooseCompany} value={companyId}
        onChange={(e) => setSearch(e.target.value ? { companyId: e.target.value } : {})}>
        <option value="">{t.allCompanies}</option>
        {companies.map((c) => <option key={c.id} value={c.id}>{c.org}</option>)}
      </select>
    </label>
  );
  const companiesLink = <Link className="btn" to={paths.vcardCompanies}>{t.companies}</Link>;
  const addLink = addTo && <Link className="btn btn-primary" to={`${paths.vcardPersonAdd}?companyId=${encodeURIComponent(addTo)}`}>{t.personAdd}</Link>;

  const columns: ListColumn<VcardPerson>[] = [
    col.text('lastname', t.fields.lastname, (p) => p.lastname),
    col.text('firstname', t.fields.firstname, (p) => p.firstname),
    col.text('company', t.company, (p) => orgOf.get(p.companyId) ?? '–', { optional: true }),
    col.number('views', t.views, (p) => p.views, { optional: true }),
    col.actions(fullName, (p) => [
      { label: t.edit, to: pathTo(paths.vcardPersonEdit, { id: p.id }) },
      { label: t.card, href: pathTo(paths.theCard, { id: p.id }), newTab: true },
      { label: t.test, to: pathTo(paths.vcardTest, { id: p.id }) },
      { label: t.statistic, to: pathTo(paths.personStatistic, { id: p.id }) },
      { label: t.delete, danger: true, onSelect: () => setToDelete(p) },
    ]),
  ];

  return (
    <ListScreen title={t.persons} rows={persons} rowKey={(p) => p.id}
      actions={<>{choose}{companiesLink}{addLink}</>}
      empty={{ text: t.none, action: <>{choose}{companiesLink}{addLink}</> }}
      sort={{ initial: { id: 'lastname', desc: false } }}
      search={{ label: t.search }} persist="legacy-personen"
      columns={columns}>
      {toDelete && (
        <ConfirmDialog title={t.deletePersonTitle} text={t.deletePersonText(fullName(toDelete))} confirmLabel={t.delete} cancelLabel={t.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </ListScreen>
  );
}
