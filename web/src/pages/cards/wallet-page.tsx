import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { personGet } from '../../../../shared/api/routes/person.ts';
import { vcardPersonGet } from '../../../../shared/api/routes/vcard.ts';
import { getUser, isAdmin } from '../../session.ts';
import { walletGooglecardCreate, walletPkpassCreate, walletPkpassGet, walletStatus } from '../../../../shared/api/routes/wallet.ts';
import type { WalletStatus } from '../../../../shared/schemas/wallet.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { LoadState } from '../../components/load-state.tsx';
import { showError } from '../../toast.tsx';
import { paths } from '../../paths.ts';

const t = msg.wallet.page;

/** The card holder's name: a V2 card, else (admins, from the legacy person list) a legacy person. */
async function personName(id: string): Promise<{ name: string | null; error: string | null }> {
  const join = (p: { firstname?: string; lastname?: string }) => [p.firstname, p.lastname].filter(Boolean).join(' ');
  const v2 = await call(personGet, { params: { id } });
  if (v2.data) return { name: join(v2.data), error: null };
  if (v2.statusCode === 404 && isAdmin(getUser())) {
    const legacy = await call(vcardPersonGet, { params: { id } });
    if (legacy.data) return { name: join(legacy.data), error: null };
  }
  return { name: null, error: v2.errorMessage };
}

/**
 * `/card/wallet/:id` (spec §2/§4): Apple and Google buttons. Each creates the pass first (the
 * server builds and checks it), then downloads it (Apple) or opens the save link (Google). A
 * wallet this server is not set up for says what is missing instead of offering a button. Legacy
 * persons (the admins' legacy person list links here too) get their passes the same way.
 */
export function WalletPage() {
  const { id = '' } = useParams();
  const [name, setName] = useState<string | null>(null);
  const [status, setStatus] = useState<WalletStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'apple' | 'google' | null>(null);

  useEffect(() => {
    let live = true;
    void Promise.all([personName(id), call(walletStatus)]).then(([p, s]) => {
      if (!live) return;
      if (p.name === null || !s.data) return setError(p.error ?? s.errorMessage ?? msg.errors.generic);
      setName(p.name);
      setStatus(s.data);
    });
    return () => { live = false; };
  }, [id]);

  async function apple() {
    setBusy('apple');
    const created = await call(walletPkpassCreate, { params: { id } });
    const failed = created.data ? await downloadFile(walletPkpassGet, { id }, 'pass.pkpass') : (created.errorMessage ?? t.appleFailed);
    if (failed) showError(failed);
    setBusy(null);
  }

  async function google() {
    // Opened before the request, so the browser counts it as the click's window (no pop-up block).
    const win = window.open('', '_blank');
    setBusy('google');
    const res = await call(walletGooglecardCreate, { params: { id } });
    setBusy(null);
    if (!res.data) {
      win?.close();
      return showError(res.errorMessage ?? t.googleFailed);
    }
    if (win) {
      win.opener = null;
      win.location.href = res.data.result;
    } else {
      location.assign(res.data.result);
    }
  }

  if (!status || name === null) return <LoadState error={error} />;
  return (
    <section className="card wallet-page">
      <h1>{t.title}: {name}</h1>
      <div className="wallet-buttons">
        {status.apple.available
          ? <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void apple()}>{busy === 'apple' ? t.creating : t.apple}</button>
          : <p className="alert alert-warning" role="note">{t.appleMissing(status.apple.missing.join(', '))}</p>}
        {status.google.available
          ? <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void google()}>{busy === 'google' ? t.creating : t.google}</button>
          : <p className="alert alert-warning" role="note">{t.googleMissing(status.google.missing.join(', '))}</p>}
      </div>
      <p><Link to={paths.visitenkarteOverview}>{t.back}</Link></p>
    </section>
  );
}
