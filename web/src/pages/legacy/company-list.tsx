import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { vcardCompanyDelete, vcardCompanyList } from '../../../../shared/api/routes/vcard.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';

const t = msg.vcard.ui;

export async function loader(): Promise<{ companies: VcardCompany[] }> {
  return { companies: await need(call(vcardCompanyList)) };
}

/** `/vcard/company`: the legacy companies, each with a menu of its actions. */
export function VcardCompanyList() {
  const { companies } = useLoaderData<typeof loader>();
  const [toDelete, setToDelete] = useState<VcardCompany | null>(null);
  const { busy, write } = useWrite();

  async function remove(c: VcardCompany) {
    await write(call(vcardCompanyDelete, { params: { id: c.id } }), { success: t.companyDeleted });
    setToDelete(null);
  }

  const personsLink = <Link className="btn" to={paths.vcardPersons}>{t.persons}</Link>;
  const addLink = <Link className="btn btn-primary" to={paths.vcardCompanyAdd}>{t.companyAdd}</Link>;
  const columns: ListColumn<VcardCompany>[] = [
    col.text('org', t.fields.org, (c) => c.org),
    col.text('ort', `${t.fields.plz} / ${t.fields.ort}`, (c) => `${c.plz} ${c.ort}`),
    col.number('persons', t.personsOf, (c) => c.personCount),
    col.actions((c) => c.org, (c) => [
      { label: t.details, to: pathTo(paths.vcardCompanyDetails, { companyId: c.id }) },
      { label: t.edit, to: pathTo(paths.vcardCompanyEdit, { id: c.id }) },
      { label: t.settings, to: pathTo(paths.vcardCompanySettings, { userId: c.id }) },
      { label: t.personsOf, to: `${paths.vcardPersons}?companyId=${encodeURIComponent(c.id)}` },
      { label: t.delete, danger: true, onSelect: () => setToDelete(c) },
    ]),
  ];

  return (
    <ListScreen title={t.companies} rows={companies} rowKey={(c) => c.id}
      actions={<>{personsLink}{addLink}</>}
      empty={{ text: t.none, action: <>{personsLink}{addLink}</> }}
      sort={{ initial: { id: 'org', desc: false } }}
      search={{ label: t.search }} persist="legacy-unternehmen"
      columns={columns}>
    {toDelete && (
      <ConfirmDialog title={t.deleteCompanyTitle} text={t.deleteCompanyText(toDelete.org)} confirmLabel={t.delete} cancelLabel={t.cancel}
        busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
    )}
    </ListScreen>
  );
}
