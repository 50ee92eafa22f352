import type { CSSProperties } from 'react';
import { msg } from '../../../../shared/messages.ts';
import { cardContent } from '../../../../shared/card/content.ts';
import { applePassContent, googlePassContent, walletImages } from '../../../../shared/card/wallet.ts';
import type { WalletField, WalletImage } from '../../../../shared/card/wallet.ts';
import { variantUrl } from '../../../../shared/images.ts';
import type { PassImageName } from '../../../../shared/images.ts';
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

// The previews read the same mapping the real passes are built from (shared/card/wallet.ts):
// fields, colours and images here are what the phone gets. The QR code stands in for the
// card's public URL, which a pass carries but a preview of a new card does not have yet.
const PREVIEW_URL = '';

/**
 * An Apple pass image as the phone draws it: the stored @1x/@2x/@3x files of the upload (made at
 * upload at Apple's sizes), so the browser shows it at its size in points.
 */
function ApplePassImage({ image, pass, className, alt }: { image: WalletImage; pass: PassImageName; className?: string; alt: string }) {
  const url = (scale: 1 | 2 | 3) => variantUrl(image.field, image.file, { pass, scale });
  return <img className={className} src={url(1)} srcSet={`${url(2)} 2x, ${url(3)} 3x`} alt={alt} />;
}

function Fields({ fields, className }: { fields: WalletField[]; className: string }) {
  if (!fields.length) return null;
  return (
    <div className={className}>
      {fields.map((f) => <div key={f.key}><small>{f.label}</small><span>{f.value}</span></div>)}
    </div>
  );
}

/** How the Apple pass will look: applePass colours, logo, thumbnail, the generic pass's fields, QR. */
export function ApplePassPreview(props: ThemeProps) {
  const c = cardContent(props);
  const pass = applePassContent(c, PREVIEW_URL);
  const images = walletImages(props.person, props.profile);
  const style = { background: pass.hex.background, color: pass.hex.foreground } as CSSProperties;
  return (
    <figure className="wp wp-apple" style={style} aria-label={w.appleTitle}>
      <div className="wp-apple-head">
        {images.logo ? <ApplePassImage image={images.logo} pass="appleLogo" alt={msg.person.theme.logo} /> : <span />}
        <span className="wp-apple-org">{pass.logoText}</span>
      </div>
      <div className="wp-apple-main">
        <Fields fields={pass.primaryFields} className="wp-fields wp-primary" />
        {images.thumbnail && <ApplePassImage image={images.thumbnail} pass="appleThumbnail" className="wp-thumb" alt="" />}
      </div>
      <Fields fields={pass.secondaryFields} className="wp-fields" />
      <Fields fields={pass.auxiliaryFields} className="wp-fields wp-aux" />
      <QrPlaceholder />
    </figure>
  );
}

/** How the Google pass will look: background colour (the Apple pass's), round logo, title, header, subheader, QR, text modules, links, hero image. */
export function GooglePassPreview(props: ThemeProps) {
  const c = cardContent(props);
  const pass = googlePassContent(c, PREVIEW_URL);
  const images = walletImages(props.person, props.profile);
  const background = pass.hexBackgroundColor;
  const logoImage = images.icon ?? images.logo;
  // The images Google loads: the 660 px logo badge (masked to a circle there) and the 1032x336 hero.
  const logo = logoImage && variantUrl(logoImage.field, logoImage.file, { pass: 'googleLogo' });
  const hero = images.thumbnail && variantUrl(images.thumbnail.field, images.thumbnail.file, { pass: 'googleHero' });
  return (
    <figure className="wp wp-google" style={{ background, color: textOn(background) }} aria-label={w.googleTitle}>
      <div className="wp-google-head">
        {logo ? <img src={logo} alt={msg.person.theme.logo} /> : <span className="wp-google-dot" aria-hidden="true">{pass.cardTitle.charAt(0)}</span>}
        <span>{pass.cardTitle}</span>
      </div>
      <div className="wp-google-body">
        {pass.subheader && <small>{pass.subheader}</small>}
        <strong>{pass.header}</strong>
      </div>
      <QrPlaceholder />
      {pass.textModules.length > 0 && (
        <dl className="wp-google-modules">
          {pass.textModules.map((m) => <div key={m.id}><dt>{m.header}</dt><dd>{m.body}</dd></div>)}
        </dl>
      )}
      {pass.links.length > 0 && (
        <ul className="wp-google-links">
          {pass.links.map((l) => <li key={l.id}>{l.description}</li>)}
        </ul>
      )}
      {hero && <img className="wp-hero" src={hero} alt="" />}
    </figure>
  );
}
