import { msg } from '../../../../shared/messages.ts';
import type { TapKind } from '../../../../shared/card/taps.ts';
import { ListTable } from '../../components/list/list-table.tsx';
import { col } from '../../components/list-screen.tsx';
import type { ListColumn } from '../../components/list-screen.tsx';

const t = msg.statistic.ui;

type KindRow = { kind: TapKind; taps: number };

const columns: ListColumn<KindRow>[] = [
  col.text('kind', t.tapKind, (k) => t.tapKinds[k.kind], { search: false }),
  col.number('taps', t.taps, (k) => k.taps),
];

/** Taps on the card's links by kind (issue 28): call, e-mail, website, each network, 'Kontakt speichern', wallets. */
export function TapsByKind({ kinds, testId, allTime = false }: { kinds: KindRow[]; testId: string; allTime?: boolean }) {
  const title = `${t.tapsByKind}${allTime ? ` (${t.total})` : ''}`;
  return (
    <section className="stack">
      <h2>{title}</h2>
      <ListTable label={title} rows={kinds} rowKey={(k) => k.kind} columns={columns} emptyText={t.noTaps} testId={testId} />
      <p className="muted">{t.tapsNote}</p>
    </section>
  );
}
