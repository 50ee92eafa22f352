import { useEffect, useMemo, useState } from 'react';
import type { WalletCard } from '../../../shared/schemas/wallet.ts';
import { walletQrTextsByLang } from '../../../shared/card/wallet-page-texts.ts';
import { AA_LARGE, logoPlate, readableOn } from '../../../shared/card/contrast.ts';
import { visitorLanguage } from '../../../shared/card/themes.ts';
import { hexColor } from '../../../shared/card/links.ts';
import { variantUrl } from '../../../shared/images.ts';
import { useLogoColours } from '../themes/logo-tone.ts';
import { fetchPublic, LoadState, usePublicLoad } from './load-state.tsx';
import { browserLanguages } from './visitor-language.ts';

// The public QR wallet page `/qr/:id/:signature` (spec §2): the company's logo and colour, company
// and name, the choice of operating system, then that platform's QR code (the server renders it,
// so no QR library loads here) and a clickable add-to-wallet badge. A wallet that is not set up on
// this server gets a short sentence instead of a button. Part of the small public entry (card.html).

type Platform = 'apple' | 'android';

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

const styles = `
.qrw { max-width: 420px; margin: 0 auto; padding: 0 0 32px; text-align: center; }
.qrw-head { display: flex; justify-content: center; align-items: center; min-height: 96px; padding: 16px; border-radius: 0 0 18px 18px; }
.qrw-logo { display: inline-flex; padding: 6px 8px; border-radius: 10px; }
.qrw-logo img { display: block; height: 56px; width: auto; max-width: 220px; object-fit: contain; }
.qrw-body { padding: 20px 16px 0; }
.qrw h1 { font-size: 1.5rem; margin: 4px 0 0; }
.qrw-company { margin: 0; color: #4a5563; font-size: 1rem; }
.qrw-choose { margin: 24px 0 12px; color: #4a5563; }
.qrw-platforms { display: flex; justify-content: center; gap: 16px; }
.qrw-platforms button { display: flex; flex-direction: column; align-items: center; gap: 6px; min-width: 112px; min-height: 44px; padding: 12px 16px;
  font: inherit; color: #1d2530; background: #fff; border: 2px solid #c9d1db; border-radius: 14px; cursor: pointer; }
.qrw-platforms button[aria-pressed="true"] { border-color: var(--qrw-accent); box-shadow: 0 0 0 2px var(--qrw-accent) inset; }
.qrw-platforms svg { width: 36px; height: 36px; }
.qrw-note { margin: 16px auto 0; max-width: 340px; color: #4a5563; }
.qrw-code { margin: 24px auto 0; }
.qrw-code img { display: block; width: 220px; height: 220px; margin: 0 auto; background: #fff; border-radius: 8px; }
.qrw-badge { display: inline-flex; align-items: center; gap: 10px; margin-top: 16px; padding: 10px 18px; min-height: 44px; border-radius: 12px;
  background: #000; color: #fff; text-decoration: none; font-weight: 600; }
.qrw-badge svg { width: 24px; height: 24px; }
.qrw-card-link { display: inline-block; margin-top: 24px; padding: 10px 4px; color: #1d2530; font-weight: 600; }
.qrw-footer { margin-top: 32px; display: flex; justify-content: center; gap: 20px; font-size: .9rem; }
.qrw-footer a { display: inline-block; padding: 8px 2px; color: #1d2530; }
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

/** The company's logo on its colour, on a plate where the logo would not stand out (as on the card). */
function Head({ card, label }: { card: WalletCard; label: string }) {
  const band = hexColor(card.color, '#1d2530');
  const image = useLogoColours();
  const plate = image.colours ? logoPlate(image.colours, [band]) : undefined;
  return (
    <header className="qrw-head" style={{ background: band }}>
      {card.logo && (
        <span className="qrw-logo" style={plate ? { background: plate } : undefined} data-logo-ready={image.colours ? '' : undefined}>
          <img src={variantUrl('logo', card.logo, { width: 320 })} alt={label} onLoad={image.onLoad} onError={image.onError} />
        </span>
      )}
    </header>
  );
}

function Wallets({ card }: { card: WalletCard }) {
  const [platform, setPlatform] = useState<Platform | null>(null);
  const lang = card.fixedLang ?? visitorLanguage({ theme: null, companyLang: card.lang, browser: browserLanguages() });
  const t = walletQrTextsByLang[lang];
  const accent = hexColor(card.color, '#1d2530');
  const name = `${card.firstname} ${card.lastname}`.trim();
  useEffect(() => {
    document.title = [card.company, name].filter(Boolean).join(' – ') || t.documentTitle;
    document.documentElement.lang = lang;
  }, [card, name, lang, t]);
  const platforms = [
    { key: 'apple' as const, label: t.apple, qr: card.appleQr, url: card.appleUrl, badge: t.addApple, Logo: AppleLogo, wallet: 'Apple Wallet', tap: 'wallet-apple' },
    { key: 'android' as const, label: t.android, qr: card.googleQr, url: card.googleUrl, badge: t.addGoogle, Logo: AndroidLogo, wallet: 'Google Wallet', tap: 'wallet-google' },
  ];
  const offered = platforms.filter((p) => p.url && p.qr);
  const missing = platforms.filter((p) => !(p.url && p.qr));
  const chosen = offered.find((p) => p.key === platform);
  return (
    <main className="qrw" lang={lang} style={{ ['--qrw-accent' as string]: readableOn('#ffffff', accent, AA_LARGE) }}>
      <style>{styles}</style>
      <Head card={card} label={t.logoOf(card.company ?? name)} />
      <div className="qrw-body">
        {card.company && <p className="qrw-company">{card.company}</p>}
        <h1>{name}</h1>
        {offered.length > 0 && (
          <>
            <p className="qrw-choose">{t.choose}</p>
            <div className="qrw-platforms" role="group" aria-label={t.choose}>
              {offered.map((p) => (
                <button key={p.key} type="button" aria-pressed={platform === p.key} onClick={() => setPlatform(p.key)}><p.Logo />{p.label}</button>
              ))}
            </div>
          </>
        )}
        {offered.length === 0
          ? <p className="qrw-note">{t.noneAvailable}</p>
          : missing.map((p) => <p key={p.key} className="qrw-note">{t.unavailable(`${p.label} (${p.wallet})`)}</p>)}
        {chosen && (
          <section className="qrw-code" aria-live="polite">
            <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(chosen.qr!)}`} alt={t.qrOf(chosen.label)} width={220} height={220} />
            <a className="qrw-badge" href={chosen.url} data-tap={chosen.tap}><chosen.Logo />{chosen.badge}</a>
          </section>
        )}
        <a className="qrw-card-link" href={`/c/${encodeURIComponent(card.id)}`}>{t.toCard}</a>
        <footer className="qrw-footer">
          {card.impressum && <a href={card.impressum} rel="noopener noreferrer">{t.impressum}</a>}
          {card.datenschutz && <a href={card.datenschutz} rel="noopener noreferrer">{t.datenschutz}</a>}
        </footer>
      </div>
    </main>
  );
}

export function QrWalletPage({ pathname }: { pathname: string }) {
  const params = qrParamsFromPath(pathname);
  const id = params?.id;
  const signature = params?.signature;
  // A wrong signature (403), an unknown or inactive card (404) and a malformed link (400) look the same to the visitor.
  const load = useMemo(() => (id && signature
    ? () => fetchPublic<WalletCard>(`/api/wallet/card/${encodeURIComponent(id)}/${encodeURIComponent(signature)}`, [400, 403, 404])
    : undefined), [id, signature]);
  const { state, retry } = usePublicLoad(load);
  return <LoadState state={state} retry={retry}>{(card) => <Wallets card={card} />}</LoadState>;
}
