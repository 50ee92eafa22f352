import { useState } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { vcardCompanyDelete, vcardCompanyList } from '../../../../shared/api/routes/vcard.ts';
import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { BurgerMenu } from '../../components/burger-menu.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen } from '../../components/list-screen.tsx';

const t = msg.vcard.ui;

export async function loader(): Promise<{ companies: VcardCompany[] }> {
  return { companies: await need(call(vcardCompanyList)) };
}

/** `/vcard/company`: the legacy companies, each with a burger menu of its actions. */
export function VcardCompanyList() {
  const navigate = useNavigate();
  const { companies } = useLoaderData<typeof loader>();
  const [toDelete, setToDelete] = useState<VcardCompany | null>(null);
  const { busy, write } = useWrite();

  async function remove(c: VcardCompany) {
    await write(call(vcardCompanyDelete, { params: { id: c.id } }), { success: t.companyDeleted });
    setToDelete(null);
  }

  const personsLink = <Link className="btn" to={paths.vcardPersons}>{t.persons}</Link>;
  const addLink = <Link className="btn btn-primary" to={paths.vcardCompanyAdd}>{t.companyAdd}</Link>;
  return (
    <ListScreen title={t.companies} rows={companies} rowKey={(c) => c.id}
      actions={<>{personsLink}{addLink}</>}
      empty={{ text: t.none, action: <>{personsLink}{addLink}</> }}
      sort={{ initial: { id: 'org', desc: false } }}
      columns={[
        { id: 'org', header: t.fields.org, cell: (c) => c.org, sortValue: (c) => c.org },
        { id: 'ort', header: `${t.fields.plz} / ${t.fields.ort}`, cell: (c) => `${c.plz} ${c.ort}`, sortValue: (c) => `${c.plz} ${c.ort}` },
        { id: 'persons', header: t.personsOf, cell: (c) => c.personCount, sortValue: (c) => c.personCount },
        {
          id: 'actions', header: t.actions, hideHeader: true, cell: (c) => (
            <BurgerMenu label={t.actionsFor(c.org)} actions={[
              { label: t.details, onSelect: () => void navigate(pathTo(paths.vcardCompanyDetails, { companyId: c.id })) },
              { label: t.edit, onSelect: () => void navigate(pathTo(paths.vcardCompanyEdit, { id: c.id })) },
              { label: t.settings, onSelect: () => void navigate(pathTo(paths.vcardCompanySettings, { userId: c.id })) },
              { label: t.personsOf, onSelect: () => void navigate(`${paths.vcardPersons}?companyId=${encodeURIComponent(c.id)}`) },
              { label: t.delete, danger: true, onSelect: () => setToDelete(c) },
            ]} />
          ),
        },
      ]}>
    {toDelete && (
      <ConfirmDialog title={t.deleteCompanyTitle} text={t.deleteCompanyText(toDelete.org)} confirmLabel={t.delete} cancelLabel={t.cancel}
        busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
    )}
    </ListScreen>
  );
}
