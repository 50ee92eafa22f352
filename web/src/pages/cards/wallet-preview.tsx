import type { CSSProperties } from 'react';
import { msg } from '../../../../shared/messages.ts';
import { cardContent } from '../../../../shared/card/content.ts';
import { hexColor, uploadUrl } from '../../../../shared/card/links.ts';
import type { ThemeProps } from '../../themes/types.ts';

const w = msg.person.wallet;

/** Dark or light text, whichever reads better on `hex` (relative luminance). */
function textOn(hex: string): string {
  const full = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.45 ? '#1f1f1f' : '#ffffff';
}

function QrPlaceholder() {
  return (
    <div className="wp-qr" aria-label={w.qr}>
      <svg viewBox="0 0 21 21" aria-hidden="true">
        {[[0, 0], [14, 0], [0, 14]].map(([x, y]) => (
          <g key={`${x}-${y}`}>
            <rect x={x! + 0.5} y={y! + 0.5} width="6" height="6" fill="none" stroke="currentColor" />
            <rect x={x! + 2} y={y! + 2} width="3" height="3" fill="currentColor" />
          </g>
        ))}
        <path d="M9 1h2v2H9zM9 5h2v2H9zM9 9h2v2H9zM13 9h2v2h-2zM17 9h3v2h-3zM9 13h2v2H9zM13 13h3v2h-3zM17 15h2v2h-2zM9 17h2v3H9zM13 17h2v3h-2zM17 19h3v1h-3zM1 9h2v2H1zM5 9h2v2H5z" fill="currentColor" />
      </svg>
      <small>{w.qrHint}</small>
    </div>
  );
}

/** How the Apple pass will look: applePass colours, logo, strip image, name, position, QR. */
export function ApplePassPreview(props: ThemeProps) {
  const c = cardContent(props);
  const pass = c.settings.applePass;
  const style = { background: hexColor(pass.backgroundColor, '#ffffff'), color: hexColor(pass.fontColor, '#000000') } as CSSProperties;
  const logo = uploadUrl('appleLogo', props.profile?.appleLogo) ?? c.logo;
  const strip = uploadUrl('imageWallet', props.person.imageWallet);
  return (
    <figure className="wp wp-apple" style={style} aria-label={w.appleTitle}>
      <div className="wp-apple-head">
        {logo ? <img src={logo} alt={msg.person.theme.logo} /> : <span />}
        <span className="wp-apple-org">{c.company}</span>
      </div>
      {strip && <img className="wp-strip" src={strip} alt="" />}
      <div className="wp-fields">
        <div><small>{w.name}</small><strong>{c.name}</strong></div>
        {c.position && <div><small>{w.position}</small><span>{c.position}</span></div>}
      </div>
      <QrPlaceholder />
    </figure>
  );
}

/** How the Google pass will look: the card colour, round logo, issuer, name, QR and hero image. */
export function GooglePassPreview(props: ThemeProps) {
  const c = cardContent(props);
  const background = c.colors.band;
  const logo = uploadUrl('walletLogo', props.profile?.walletLogo) ?? c.logo;
  const hero = uploadUrl('imageWallet', props.person.imageWallet);
  return (
    <figure className="wp wp-google" style={{ background, color: textOn(background) }} aria-label={w.googleTitle}>
      <div className="wp-google-head">
        {logo ? <img src={logo} alt={msg.person.theme.logo} /> : <span className="wp-google-dot" aria-hidden="true">{c.company?.charAt(0)}</span>}
        <span>{c.company}</span>
      </div>
      <div className="wp-google-body">
        <small>{c.position ?? w.name}</small>
        <strong>{c.name}</strong>
      </div>
      <QrPlaceholder />
      {hero && <img className="wp-hero" src={hero} alt="" />}
    </figure>
  );
}
