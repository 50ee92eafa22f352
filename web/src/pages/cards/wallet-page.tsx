import { useState } from 'react';
import { Link, data, useLoaderData } from 'react-router';
import type { LoaderFunctionArgs } from 'react-router';
import { cardSummary } from '../../../../shared/api/routes/person.ts';
import { getUser, isAdmin } from '../../session.ts';
import { walletGooglecardCreate, walletPkpassCreate, walletPkpassGet, walletStatus } from '../../../../shared/api/routes/wallet.ts';
import type { WalletStatus } from '../../../../shared/schemas/wallet.ts';
import { msg } from '../../../../shared/messages.ts';
import { call } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { need } from '../../data.tsx';
import { showError } from '../../toast.tsx';
import { paths } from '../../paths.ts';

const t = msg.wallet.page;

/** The card holder's name: a V2 card, or (admins, from the legacy person list) a legacy one; the server says which. */
async function personName(id: string): Promise<string> {
  const card = await call(cardSummary, { params: { id } });
  if (card.data) return [card.data.firstname, card.data.lastname].filter(Boolean).join(' ');
  throw data(card.errorMessage ?? msg.errors.generic, { status: card.statusCode || 503 });
}

/** The card holder's name and which wallets this server is set up for. */
export async function loader({ params }: LoaderFunctionArgs): Promise<{ id: string; name: string; status: WalletStatus }> {
  const id = params.id ?? '';
  const [name, status] = await Promise.all([personName(id), need(call(walletStatus))]);
  return { id, name, status };
}

/**
 * `/card/wallet/:id` (spec §2/§4): Apple and Google buttons. Each creates the pass first (the
 * server builds and checks it), then downloads it (Apple) or opens the save link (Google). A
 * wallet this server is not set up for says so instead of offering a button (admins get the link
 * to Systemstatus, which names what is missing). Legacy
 * persons (the admins' legacy person list links here too) get their passes the same way.
 */
export function WalletPage() {
  const { id, name, status } = useLoaderData<typeof loader>();
  const admin = isAdmin(getUser());
  // Creating a pass is a download, not a change any list shows: no revalidation (useWrite) needed.
  const [busy, setBusy] = useState<'apple' | 'google' | null>(null);

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

  return (
    <section className="card wallet-page">
      <h1>{t.title}: {name}</h1>
      <div className="wallet-buttons">
        {status.apple.available
          ? <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void apple()}>{busy === 'apple' ? t.creating : t.apple}</button>
          : <p className="alert alert-warning" role="note">{t.appleMissing}{admin && <> <Link to={paths.adminSystemStatus}>{t.seeSystemStatus}</Link></>}</p>}
        {status.google.available
          ? <button type="button" className="btn btn-primary" disabled={busy !== null} onClick={() => void google()}>{busy === 'google' ? t.creating : t.google}</button>
          : <p className="alert alert-warning" role="note">{t.googleMissing}{admin && <> <Link to={paths.adminSystemStatus}>{t.seeSystemStatus}</Link></>}</p>}
      </div>
      <p><Link to={paths.visitenkarteOverview}>{t.back}</Link></p>
    </section>
  );
}
