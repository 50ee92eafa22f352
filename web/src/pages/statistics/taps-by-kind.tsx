import { msg } from '../../../../shared/messages.ts';
import type { TapKind } from '../../../../shared/card/taps.ts';

const t = msg.statistic.ui;

/** Taps on the card's links by kind (issue 28): call, e-mail, website, each network, 'Kontakt speichern', wallets. */
export function TapsByKind({ kinds, testId, allTime = false }: { kinds: { kind: TapKind; taps: number }[]; testId: string; allTime?: boolean }) {
  return (
    <section className="stack">
      <h2>{t.tapsByKind}{allTime ? ` (${t.total})` : ''}</h2>
      <table className="data" data-testid={testId}>
        <thead><tr><th>{t.tapKind}</th><th>{t.taps}</th></tr></thead>
        <tbody>
          {kinds.map((k) => <tr key={k.kind} data-kind={k.kind}><td>{t.tapKinds[k.kind]}</td><td>{k.taps.toLocaleString('de-DE')}</td></tr>)}
          {kinds.length === 0 && <tr><td colSpan={2} className="muted">{t.noTaps}</td></tr>}
        </tbody>
      </table>
      <p className="muted">{t.tapsNote}</p>
    </section>
  );
}
