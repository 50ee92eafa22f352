import type { CSSProperties } from 'react';
import { cardContent } from '../../../../shared/card/content.ts';
import type { CardContent, ContactLine } from '../../../../shared/card/content.ts';
import { Icon } from '../icons.tsx';
import type { ThemeProps } from '../types.ts';

/**
 * The logo: over the photo it sits where the profile's logo settings put it (px); without a photo
 * it is the hero's centre piece. Tinted in the logo colour when useColor is on.
 */
function Logo({ c, overPhoto }: { c: CardContent; overPhoto: boolean }) {
  if (!c.logo) return null;
  const s = c.settings.logo;
  const place: CSSProperties = overPhoto
    ? {
        position: 'absolute',
        top: s.top ?? 0,
        height: s.height ?? 70,
        ...(s.left !== null ? { left: s.left } : s.right !== null ? { right: s.right } : { left: '50%', transform: 'translateX(-50%)' }),
      }
    : { height: s.height ?? 70 };
  if (s.useColor) {
    const mask = `url("${c.logo}") center / contain no-repeat`;
    return <span role="img" aria-label={c.labels.logo} className="tv-logo tv-logo-tinted" style={{ ...place, aspectRatio: '1.35', background: c.colors.logo, mask, WebkitMask: mask }} />;
  }
  return <img className="tv-logo" src={c.logo} alt={c.labels.logo} style={place} />;
}

function Row({ line }: { line: ContactLine }) {
  const body = (
    <>
      <span className="tv-row-icon"><Icon name={line.icon} /></span>
      <span className="tv-row-text"><small>{line.label}</small><span>{line.text}</span></span>
    </>
  );
  return line.href ? <a className="tv-row" href={line.href}>{body}</a> : <div className="tv-row">{body}</div>;
}

/** The default theme: photo with logo, name band, quick actions, contact rows, social and legal links. */
export default function TheVcard(props: ThemeProps) {
  const c = cardContent(props);
  const firstPhone = c.phones.find((p) => p.href);
  const firstMail = c.emails.find((e) => e.href);
  const actions = [
    firstPhone && { key: 'call', icon: firstPhone.icon, label: c.labels.call, href: firstPhone.href! },
    firstMail && { key: 'mail', icon: 'mail' as const, label: c.labels.write, href: firstMail.href! },
    c.web?.href && { key: 'web', icon: 'web' as const, label: c.labels.visit, href: c.web.href },
  ].filter((a) => Boolean(a)) as { key: string; icon: ContactLine['icon']; label: string; href: string }[];
  const style = { '--tv-band': c.colors.band, '--tv-band-text': c.colors.bandText, '--tv-fill': c.colors.fill } as CSSProperties;

  return (
    <article className="tv-card" style={style}>
      <header className={c.photo ? 'tv-hero' : 'tv-hero tv-hero-empty'}>
        {c.photo && <img className="tv-photo" src={c.photo} alt={c.labels.photoOf(c.name)} />}
        {!c.photo && !c.logo && <span className="tv-initials" aria-hidden="true">{c.initials}</span>}
        <Logo c={c} overPhoto={Boolean(c.photo)} />
      </header>
      <section className="tv-band">
        <h1 className="tv-name">{c.name}</h1>
        {c.position && <p className="tv-position">{c.position}</p>}
        {c.company && <p className="tv-company">{c.company}</p>}
        {c.claim && <p className="tv-claim">{c.claim}</p>}
      </section>
      {actions.length > 0 && (
        <nav className="tv-actions">
          {actions.map((a) => (
            <a key={a.key} className="tv-action" href={a.href} {...(a.key === 'web' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              <span className="tv-action-icon"><Icon name={a.icon} size={22} /></span>
              <span>{a.label}</span>
            </a>
          ))}
        </nav>
      )}
      <section className="tv-rows">
        {c.phones.map((line) => <Row key={line.key} line={line} />)}
        {c.emails.map((line) => <Row key={line.key} line={line} />)}
        {c.web && <Row line={c.web} />}
        {c.address.length > 0 && (
          <div className="tv-row">
            <span className="tv-row-icon"><Icon name="pin" /></span>
            <span className="tv-row-text"><small>{c.labels.address}</small>{c.address.map((l) => <span key={l}>{l}</span>)}</span>
          </div>
        )}
      </section>
      {c.socials.length > 0 && (
        <nav className="tv-social" aria-label={c.labels.social}>
          {c.socials.map((s) => (
            <a key={s.type} href={s.href} target="_blank" rel="noopener noreferrer" aria-label={s.label} title={s.label}>
              <Icon name={s.icon} size={22} />
            </a>
          ))}
        </nav>
      )}
      {(c.legal.length > 0 || c.legalText.length > 0) && (
        <footer className="tv-legal">
          {c.legal.length > 0 && (
            <nav>{c.legal.map((l) => <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer">{l.label}</a>)}</nav>
          )}
          {c.legalText.map((l) => <p key={l}>{l}</p>)}
        </footer>
      )}
    </article>
  );
}
