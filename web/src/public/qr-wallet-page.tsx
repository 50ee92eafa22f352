import { useCallback, useEffect, useState } from 'react';
import { LoadProblem } from './load-problem.tsx';
import type { WalletCard } from '../../../shared/schemas/wallet.ts';
import { walletQrTexts as t } from '../../../shared/card/wallet-page-texts.ts';

// The public QR wallet page `/qr/:id/:signature` (spec §2): company and name, the choice of
// operating system, then that platform's QR code (the server renders it, so no QR library loads
// here) and a clickable add-to-wallet badge. Part of the small public entry (card.html).

type Platform = 'apple' | 'android';
type State = { status: 'loading' } | { status: 'ready'; card: WalletCard } | { status: 'not-found' } | { status: 'failed' };

/** `{ id, signature }` from `/qr/:id/:signature` (undefined for anything else). */
export function qrParamsFromPath(pathname: string): { id: string; signature: string } | undefined {
  const m = /^\/qr\/([^/]+)\/([^/]+)\/?$/.exec(pathname);
  if (!m) return undefined;
  try {
    return { id: decodeURIComponent(m[1]!), signature: decodeURIComponent(m[2]!) };
  } catch {
    return undefined;
  }
}

async function load(p: { id: string; signature: string }): Promise<State> {
  let res: Response;
  try {
    res = await fetch(`/api/wallet/card/${encodeURIComponent(p.id)}/${encodeURIComponent(p.signature)}`, { headers: { accept: 'application/json' }, credentials: 'omit' });
  } catch {
    return { status: 'failed' };
  }
  // A wrong signature (403) and an unknown or inactive card (404) look the same to the visitor.
  if (res.status === 403 || res.status === 404 || res.status === 400) return { status: 'not-found' };
  if (!res.ok) return { status: 'failed' };
  try {
    return { status: 'ready', card: (await res.json()) as WalletCard };
  } catch {
    return { status: 'failed' };
  }
}

const styles = `
.qrw { max-width: 420px; margin: 0 auto; padding: 24px 16px 32px; text-align: center; }
.qrw h1 { font-size: 1.5rem; margin: 4px 0 0; }
.qrw-company { margin: 0; color: #4a5563; font-size: 1rem; }
.qrw-choose { margin: 24px 0 12px; color: #4a5563; }
.qrw-platforms { display: flex; justify-content: center; gap: 16px; }
.qrw-platforms button { display: flex; flex-direction: column; align-items: center; gap: 6px; min-width: 112px; min-height: 44px; padding: 12px 16px;
  font: inherit; color: #1d2530; background: #fff; border: 2px solid #c9d1db; border-radius: 14px; cursor: pointer; }
.qrw-platforms button[aria-pressed="true"] { border-color: #1d2530; box-shadow: 0 0 0 2px #1d2530 inset; }
.qrw-platforms svg { width: 36px; height: 36px; }
.qrw-code { margin: 24px auto 0; }
.qrw-code img { display: block; width: 220px; height: 220px; margin: 0 auto; background: #fff; border-radius: 8px; }
.qrw-badge { display: inline-flex; align-items: center; gap: 10px; margin-top: 16px; padding: 10px 18px; min-height: 44px; border-radius: 12px;
  background: #000; color: #fff; text-decoration: none; font-weight: 600; }
.qrw-badge svg { width: 24px; height: 24px; }
.qrw-footer { margin-top: 40px; display: flex; justify-content: center; gap: 20px; font-size: .9rem; }
.qrw-footer a { color: #1d2530; }
`;

function AppleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M16.4 12.6c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.7-2-1.6-.2-3.1.9-3.9.9-.8 0-2-.9-3.4-.9-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.8 1.2 1.8 2.6 3.1 2.5 1.3-.1 1.7-.8 3.2-.8s1.9.8 3.2.8c1.3 0 2.2-1.2 3-2.4.9-1.4 1.3-2.7 1.3-2.8-.1 0-2.6-1-2.6-3.9zM13.9 5c.7-.8 1.2-2 1-3.1-1 0-2.2.7-2.9 1.5-.6.7-1.2 1.9-1 3 1.1.1 2.2-.6 2.9-1.4z" />
    </svg>
  );
}

function AndroidLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" fill="#3ddc84">
      <path d="M17.6 9.5l1.8-3.1c.1-.2 0-.4-.1-.5-.2-.1-.4 0-.5.1l-1.8 3.2A11 11 0 0 0 12 8.3c-1.8 0-3.5.3-5 1L5.2 6c-.1-.2-.3-.2-.5-.1-.2.1-.2.3-.1.5l1.8 3.1A10.3 10.3 0 0 0 1 17.7h22a10.3 10.3 0 0 0-5.4-8.2zM7 14.9a1 1 0 1 1 0-2 1 1 0 0 1 0 2zm10 0a1 1 0 1 1 0-2 1 1 0 0 1 0 2z" />
    </svg>
  );
}

export function QrWalletPage({ pathname }: { pathname: string }) {
  const params = qrParamsFromPath(pathname);
  const [state, setState] = useState<State>(params ? { status: 'loading' } : { status: 'not-found' });
  const [platform, setPlatform] = useState<Platform | null>(null);
  const id = params?.id;
  const signature = params?.signature;

  const reload = useCallback(() => {
    if (!id || !signature) return;
    setState({ status: 'loading' });
    void load({ id, signature }).then(setState);
  }, [id, signature]);
  useEffect(reload, [reload]);

  useEffect(() => {
    if (state.status === 'ready') document.title = [state.card.company, `${state.card.firstname} ${state.card.lastname}`].filter(Boolean).join(' – ');
    else if (state.status === 'not-found') document.title = t.notFound;
    else if (state.status === 'failed') document.title = t.loadFailed;
  }, [state]);

  switch (state.status) {
    case 'loading':
      return null;
    case 'not-found':
    case 'failed':
      return <LoadProblem status={state.status} onRetry={reload} />;
    case 'ready': {
      const { card } = state;
      const chosen = platform === 'apple'
        ? { label: t.apple, qr: card.appleQr, url: card.appleUrl, badge: t.addApple, Logo: AppleLogo, tap: 'wallet-apple' }
        : platform === 'android'
          ? { label: t.android, qr: card.googleQr, url: card.googleUrl, badge: t.addGoogle, Logo: AndroidLogo, tap: 'wallet-google' }
          : null;
      return (
        <main className="qrw">
          <style>{styles}</style>
          {card.company && <p className="qrw-company">{card.company}</p>}
          <h1>{card.firstname} {card.lastname}</h1>
          <p className="qrw-choose">{t.choose}</p>
          <div className="qrw-platforms" role="group" aria-label={t.choose}>
            <button type="button" aria-pressed={platform === 'apple'} onClick={() => setPlatform('apple')}><AppleLogo />{t.apple}</button>
            <button type="button" aria-pressed={platform === 'android'} onClick={() => setPlatform('android')}><AndroidLogo />{t.android}</button>
          </div>
          {chosen && (
            <section className="qrw-code" aria-live="polite">
              <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(chosen.qr)}`} alt={t.qrOf(chosen.label)} width={220} height={220} />
              <a className="qrw-badge" href={chosen.url} data-tap={chosen.tap}><chosen.Logo />{chosen.badge}</a>
            </section>
          )}
          <footer className="qrw-footer">
            {card.impressum && <a href={card.impressum} rel="noopener noreferrer">{t.impressum}</a>}
            {card.datenschutz && <a href={card.datenschutz} rel="noopener noreferrer">{t.datenschutz}</a>}
          </footer>
        </main>
      );
    }
  }
}
