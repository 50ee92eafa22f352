import { useLoaderData } from 'react-router';
import type { ReactNode } from 'react';
import { systemStatus } from '../../../../shared/api/routes/wallet.ts';
import type { SystemStatus } from '../../../../shared/schemas/system.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { need } from '../../data.tsx';

const t = msg.system;

export async function loader(): Promise<SystemStatus> {
  return need(call(systemStatus));
}

type State = 'ok' | 'missing' | 'problem';

function Badge({ state }: { state: State }) {
  const label = state === 'ok' ? t.configured : state === 'problem' ? t.problem : t.notConfigured;
  return <span className={`status-badge status-${state}`}>{label}</span>;
}

const date = (iso: string) => new Date(iso).toLocaleDateString('de-DE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'Europe/Berlin' });

/**
 * `/v2/admin/systemstatus` (admins): wallets, the public address, the alarm e-mail and the
 * version, each configured or not, with what is missing by name. Never a secret's value.
 */
export function SystemStatusScreen() {
  const s = useLoaderData<typeof loader>();
  const w = s.wallet;
  const rows: { name: string; state: State; details: ReactNode[] }[] = [
    {
      name: t.apple,
      state: w.apple.problem ? 'problem' : w.apple.configured ? 'ok' : 'missing',
      details: w.apple.configured
        ? [t.passTypeId(w.apple.passTypeId ?? ''), t.teamId(w.apple.teamId ?? ''), ...(w.apple.certificateValidUntil ? [t.validUntil(date(w.apple.certificateValidUntil))] : []), ...(w.apple.problem ? [w.apple.problem] : []), w.source === 'secret' ? t.fromSecret : t.fromEnvironment]
        : [t.missing(w.apple.missing.join(', ')), t.walletHelp],
    },
    {
      name: t.google,
      state: w.google.configured ? 'ok' : 'missing',
      details: w.google.configured
        ? [t.issuerId(w.google.issuerId ?? ''), t.serviceAccount(w.google.serviceAccount ?? ''), w.source === 'secret' ? t.fromSecret : t.fromEnvironment]
        : [t.missing(w.google.missing.join(', ')), t.walletHelp],
    },
    { name: t.linkKey, state: 'ok', details: [w.linkKey === 'own' ? t.linkKeyOwn : t.linkKeyDerived] },
    {
      name: t.publicBaseUrl,
      state: s.publicBaseUrl.configured ? 'ok' : 'missing',
      details: [s.publicBaseUrl.value, ...(s.publicBaseUrl.configured ? [] : [t.baseUrlDefault]), ...(s.publicBaseUrl.localOnly ? [t.localOnly] : [])],
    },
    { name: t.alarmEmail, state: s.alarmEmail.configured ? 'ok' : 'missing', details: [s.alarmEmail.value ?? t.alarmNone] },
    { name: t.version, state: 'ok', details: [s.version] },
  ];
  return (
    <section className="card system-status">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      <table className="data system-status-table">
        <thead><tr><th scope="col">{t.setting}</th><th scope="col">{t.state}</th><th scope="col">{t.details}</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.name}>
              <th scope="row">{r.name}</th>
              <td><Badge state={r.state} /></td>
              <td>{r.details.map((d, i) => <div key={i}>{d}</div>)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
