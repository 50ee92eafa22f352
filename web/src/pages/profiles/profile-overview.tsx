import { useState } from 'react';
import { Link, useLoaderData } from 'react-router';
import { profileDelete } from '../../../../shared/api/routes/profile.ts';
import { personCardCount } from '../../../../shared/api/routes/person.ts';
import type { Profile } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { useFreshFor, useWrite } from '../../data.tsx';
import { paths, pathTo } from '../../paths.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { ListScreen, col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';
import { useCompanyStore } from '../../state/company-store.ts';
import { selectedCompanyId } from '../../state/selection.ts';

const t = msg.profile;

/**
 * Cards per profile from the card-holder counters. The profiles themselves come with the V2
 * layout's frame; a failed count is not fatal: the profiles carry the same counter.
 */
export async function loader() {
  const companyId = selectedCompanyId();
  if (!companyId) return { companyId, counts: null };
  const res = await call(personCardCount, { query: { companyId } });
  return { companyId, counts: res.data ? Object.fromEntries(res.data.map((c) => [c.profileId, c.count])) : null };
}

/** Why a profile may not be deleted, or null. */
function blockedBecause(cards: number, total: number): string | null {
  if (cards > 0) return t.deleteDisabledCards;
  return total < 2 ? t.deleteDisabledOnly : null;
}

/** `/v2/card/profil`: profiles of the selected company with cards per profile (spec §2). */
export function ProfileOverview() {
  const { companies, selectedId, profiles } = useCompanyStore();
  const loaded = useLoaderData<typeof loader>();
  useFreshFor(loaded.companyId);
  const [toDelete, setToDelete] = useState<Profile | null>(null);
  const { busy, write } = useWrite();
  const cardsOf = (p: Profile) => (loaded.companyId === selectedId ? loaded.counts?.[p.id] : undefined) ?? p.cardCount;

  async function remove(p: Profile) {
    await write(call(profileDelete, { params: { id: p.id } }), { success: t.deleted });
    setToDelete(null);
  }

  const total = profiles?.length ?? 0;
  const columns: ListColumn<Profile>[] = [
    col.text('profilname', t.fields.profilname, (p) => p.profilname),
    col.text('firmenname', t.fields.firmenname, (p) => p.firmenname ?? '–', { search: false }),
    col.number('cards', t.cards, cardsOf),
    col.actions((p) => p.profilname, (p) => [
      { label: t.edit_, to: pathTo(paths.profileEdit, { id: p.id }) },
      { label: t.duplicate, to: `${pathTo(paths.profileEdit, { id: p.id })}?duplicate=true` },
      // Not possible: stays in the menu, disabled, saying why.
      { label: t.delete, danger: true, disabled: blockedBecause(cardsOf(p), total), onSelect: () => setToDelete(p) },
    ]),
  ];
  const add = <Link className="btn btn-primary" to={paths.profileAdd}>{t.add}</Link>;
  return (
    <ListScreen title={t.title} rows={profiles} rowKey={(p) => p.id} columns={columns}
      actions={selectedId ? add : undefined}
      blocked={companies && !selectedId ? <p className="muted">{msg.company.noneAssigned}</p> : undefined}
      sort={{ initial: { id: 'profilname', desc: false } }}
      empty={{ text: t.none, action: add }}>
      {toDelete && (
        <ConfirmDialog title={t.deleteTitle} text={t.deleteQuestion(toDelete.profilname)} confirmLabel={t.delete} cancelLabel={t.cancel}
          busy={busy} onConfirm={() => void remove(toDelete)} onCancel={() => setToDelete(null)} />
      )}
    </ListScreen>
  );
}
