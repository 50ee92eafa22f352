import { useInsertionEffect } from 'react';
import type { CSSProperties, JSX, ReactNode } from 'react';
import { cardContent } from '../../../shared/card/content.ts';
import type { CardContent, ContactLine } from '../../../shared/card/content.ts';
import { cardPalette, logoPlate } from '../../../shared/card/contrast.ts';
import type { CardPalette, ColourShares } from '../../../shared/card/contrast.ts';
import { imageMimeTypes, imageSrcset, modernFormats, variantUrl } from '../../../shared/images.ts';
import { layoutPhotoSizes } from '../../../shared/card/themes.ts';
import { Icon } from './icons.tsx';
import { useLogoColours } from './logo-tone.ts';
import { layoutLogoGround } from './table.ts';
import type { Ground, Layout, Part, ThemeDef, ThemeOptions } from './table.ts';
import type { ThemeProps } from './types.ts';
import kitCss from './kit.css' with { type: 'text' };

// The parts every theme is built from. Themes import shared code ONLY through this module, so the
// public page's build keeps all of it in one chunk next to its entry (one request, not several).
// What a card shows comes from `cardContent`; a theme only arranges and styles it.

export { Icon };
export type { ThemeProps, CardContent, ContactLine, CardPalette, Part };

const injected = new Set<string>();

/**
 * Puts a theme's stylesheet (imported as text) into the page once, on first use: the build links
 * only the entry's CSS, not CSS of lazily loaded chunks, and the global stylesheet stays free of
 * theme rules.
 */
export function useThemeCss(key: string, css: string): void {
  useInsertionEffect(() => {
    for (const [k, text] of [['kit', kitCss as string], [key, css]] as const) {
      if (injected.has(k) || typeof document === 'undefined') continue;
      injected.add(k);
      const style = document.createElement('style');
      style.dataset.theme = k;
      style.textContent = text;
      document.head.append(style);
    }
  }, [key, css]);
}

export interface Action { key: 'call' | 'write' | 'web'; icon: ContactLine['icon']; label: string; href: string; external: boolean }

export interface CardView {
  c: CardContent;
  p: CardPalette;
  /** Quick actions: call, write, website (only those the card has). */
  actions: Action[];
  /** The vCard download ('Kontakt speichern'); undefined in a preview without a stored card. */
  saveHref: string | undefined;
  /** The palette as CSS custom properties for the card root. */
  vars: CSSProperties;
  /** The colours the logo is drawn over in this theme (two for a gradient). */
  logoGrounds: string[];
}

/** Content and readable colours of a card in a theme's options (surface, fixed language, logo ground). */
export function useCardView(props: ThemeProps, o: ThemeOptions & { layout?: Layout } = {}): CardView {
  const c = cardContent({ person: props.person, profile: props.profile, lang: o.lang ?? props.lang });
  const p = cardPalette(c.colors, o.surface === 'band' ? c.colors.band : o.surface);
  const phone = c.phones.find((x) => x.href);
  const mail = c.emails.find((x) => x.href);
  const actions: Action[] = [];
  if (phone) actions.push({ key: 'call', icon: phone.icon, label: c.labels.call, href: phone.href!, external: false });
  if (mail) actions.push({ key: 'write', icon: 'mail', label: c.labels.write, href: mail.href!, external: false });
  if (c.web?.href) actions.push({ key: 'web', icon: 'web', label: c.labels.visit, href: c.web.href, external: true });
  const vars = {
    '--vc-surface': p.surface, '--vc-text': p.text, '--vc-muted': p.muted, '--vc-band': p.band, '--vc-on-band': p.onBand, '--vc-band-deep': p.bandDeep,
    '--vc-icon-on-band': p.iconOnBand, '--vc-accent': p.accent, '--vc-tint': p.tint, '--vc-band-edge': p.bandEdge,
  } as CSSProperties;
  const ground = (g: Ground) => (g === 'surface' ? p.surface : g === 'band' ? p.band : g === 'tint' ? p.tint : g);
  const logoGrounds = (o.logoOn ?? layoutLogoGround[o.layout ?? 'hero']).map(ground);
  return { c, p, actions, saveHref: props.cardId ? `/api/card/${encodeURIComponent(props.cardId)}/vcard` : undefined, vars, logoGrounds };
}

const external = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** The card's outer element: palette variables, the card's language, the theme's class. */
export function CardRoot({ v, className, children }: { v: CardView; className: string; children: ReactNode }) {
  return <article className={`vc-card ${className}`} lang={v.c.lang} style={v.vars}>{children}</article>;
}

type ImgProps = Omit<JSX.IntrinsicElements['img'], 'src' | 'srcSet' | 'sizes'>;

/**
 * An upload as a `<picture>`: AVIF and WebP sources before the original's own format, each in the
 * stored widths (shared/images.ts), so the browser takes the smallest file of the best format it
 * decodes for the size `sizes` says it draws. Never the original upload. The `<picture>` box is
 * `display: contents` (kit.css): themes style the `<img>` as before.
 */
export function Picture({ field, file, sizes, ...img }: ImgProps & { field: string; file: string; sizes: string }) {
  return (
    <picture>
      {modernFormats.map((format) => <source key={format} type={imageMimeTypes[format]} srcSet={imageSrcset(field, file, format)} sizes={sizes} />)}
      <img {...img} src={variantUrl(field, file, { width: 640 })} srcSet={imageSrcset(field, file)} sizes={sizes} />
    </picture>
  );
}

/** The person's photo. */
export function Photo({ v, className, sizes = layoutPhotoSizes.hero!, priority = true }: { v: CardView; className?: string; sizes?: string; priority?: boolean }) {
  const { c } = v;
  if (!c.photoFile) return null;
  return (
    <Picture field="image" file={c.photoFile} sizes={sizes} className={className ?? 'vc-photo'}
      alt={c.labels.photoOf(c.name)} width={400} height={295} {...(priority ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })} />
  );
}

/** Logos are cropped into a box of this width : height (web/src/components/image-upload, spec §5). */
const LOGO_RATIO = 1.35;

/**
 * The logo at the profile's height (themes may cap it lower), never over the photo. It stands on a
 * plate derived from contrast (shared/card/contrast.ts logoPlate) wherever its own colours would
 * not stand out from what the theme draws it over: a logo in the company colour on the
 * company-coloured head, a white logo on a white card. Tinted in the logo colour when useColor is on.
 */
export function Logo({ v, className = 'vc-logo' }: { v: CardView; className?: string }) {
  const { c } = v;
  const s = c.settings.logo;
  const image = useLogoColours();
  if (!c.logoFile) return null;
  // A tinted logo is one known colour; an image logo's colours are read from the image itself.
  const colours: ColourShares | undefined = s.useColor ? [{ colour: c.colors.logo, share: 1 }] : image.colours;
  const plate = colours ? logoPlate(colours, v.logoGrounds) : undefined;
  const height = Math.max(16, Math.min(s.height ?? 70, 200));
  const mask = `url("${variantUrl('logo', c.logoFile, { width: 320 })}") center / contain no-repeat`;
  return (
    // data-logo-ready tells tests (and nothing else) that the plate has been decided.
    <span className={plate ? 'vc-logo-box vc-logo-plate' : 'vc-logo-box'} style={plate ? { background: plate } : undefined} data-logo-ready={colours ? '' : undefined}>
      {s.useColor
        ? <span role="img" aria-label={c.labels.logo} className={`${className} vc-logo-tinted`} style={{ height, aspectRatio: String(LOGO_RATIO), background: c.colors.logo, mask, WebkitMask: mask }} />
        // Drawn at the profile's height (themes may cap it lower), as wide as the logo's box ratio makes it.
        : <Picture field="logo" file={c.logoFile} sizes={`${Math.ceil(height * LOGO_RATIO)}px`} className={className} alt={c.labels.logo} style={{ height }} onLoad={image.onLoad} onError={image.onError} />}
    </span>
  );
}

/** Where the profile's logo settings put the logo in its bar: left, right or centred. */
function logoAlign(v: CardView): CSSProperties['justifyContent'] {
  const s = v.c.settings.logo;
  return s.left !== null ? 'flex-start' : s.right !== null ? 'flex-end' : 'center';
}

export function Initials({ v, className = 'vc-initials' }: { v: CardView; className?: string }) {
  return v.c.initials ? <span className={className} aria-hidden="true">{v.c.initials}</span> : null;
}

/** Name, position, display name, claim. */
export function NameBlock({ v, className = 'vc-name-block' }: { v: CardView; className?: string }) {
  const { c } = v;
  return (
    <div className={className}>
      <h1 className="vc-name">{c.name}</h1>
      {c.position && <p className="vc-position">{c.position}</p>}
      {c.company && <p className="vc-company">{c.company}</p>}
      {c.claim && <p className="vc-claim">{c.claim}</p>}
    </div>
  );
}

/** Call, write, website. */
export function Actions({ v, className = 'vc-actions', iconSize = 22 }: { v: CardView; className?: string; iconSize?: number }) {
  if (v.actions.length === 0) return null;
  return (
    <nav className={className} aria-label={v.c.lang === 'en' ? 'Quick actions' : 'Schnellaktionen'}>
      {v.actions.map((a) => (
        <a key={a.key} className="vc-action" href={a.href} data-tap={a.key} {...(a.external ? external : {})}>
          <span className="vc-action-icon"><Icon name={a.icon} size={iconSize} /></span>
          <span className="vc-action-label">{a.label}</span>
        </a>
      ))}
    </nav>
  );
}

/** 'Kontakt speichern': the card's vCard. In a preview without a stored card it is shown, not linked. */
export function SaveContact({ v, className = 'vc-save' }: { v: CardView; className?: string }) {
  const body = <><Icon name="save" size={20} /><span>{v.c.labels.save}</span></>;
  return v.saveHref
    ? <a className={className} href={v.saveHref} download="" data-tap="vcard">{body}</a>
    : <span className={className} aria-disabled="true">{body}</span>;
}

function Row({ line }: { line: ContactLine }) {
  const body = (
    <>
      <span className="vc-row-icon"><Icon name={line.icon} /></span>
      <span className="vc-row-text"><small>{line.label}</small><span>{line.text}</span></span>
    </>
  );
  return line.href
    ? <a className="vc-row" href={line.href} data-tap={line.tap} {...(line.icon === 'web' ? external : {})}>{body}</a>
    : <div className="vc-row">{body}</div>;
}

/** Phones, e-mails, website and address in the model's order. */
export function ContactRows({ v, className = 'vc-rows' }: { v: CardView; className?: string }) {
  const { c } = v;
  if (!c.phones.length && !c.emails.length && !c.web && !c.address.length) return null;
  return (
    <section className={className}>
      {c.phones.map((line) => <Row key={line.key} line={line} />)}
      {c.emails.map((line) => <Row key={line.key} line={line} />)}
      {c.web && <Row line={c.web} />}
      {c.address.length > 0 && (
        <div className="vc-row">
          <span className="vc-row-icon"><Icon name="pin" /></span>
          <span className="vc-row-text"><small>{c.labels.address}</small>{c.address.map((l, i) => <span key={i}>{l}</span>)}</span>
        </div>
      )}
    </section>
  );
}

export function Socials({ v, className = 'vc-social' }: { v: CardView; className?: string }) {
  const { c } = v;
  if (c.socials.length === 0) return null;
  return (
    <nav className={className} aria-label={c.labels.social}>
      {c.socials.map((s) => (
        <a key={s.type} href={s.href} data-tap={s.tap} {...external} aria-label={s.label} title={s.label}>
          <Icon name={s.icon} size={22} />
        </a>
      ))}
    </nav>
  );
}

/** Impressum, Datenschutz, USt-IdNr., Handelsregister. */
export function Legal({ v, className = 'vc-legal' }: { v: CardView; className?: string }) {
  const { c } = v;
  if (c.legal.length === 0 && c.legalText.length === 0) return null;
  return (
    <footer className={className}>
      {c.legal.length > 0 && <nav aria-label={c.lang === 'en' ? 'Legal' : 'Rechtliches'}>{c.legal.map((l) => <a key={l.key} href={l.href} {...external}>{l.label}</a>)}</nav>}
      {c.legalText.map((l, i) => <p key={i}>{l}</p>)}
    </footer>
  );
}

/** The parts below a theme's head, in the theme's order (the usual order when none is given). */
export function Body({ v, order = ['actions', 'save', 'rows', 'social', 'legal'] }: { v: CardView; order?: Part[] | undefined }) {
  return (
    <>
      {order.map((part) => {
        switch (part) {
          case 'actions': return <Actions key={part} v={v} />;
          case 'save': return <div key={part} className="vc-save-wrap"><SaveContact v={v} /></div>;
          case 'rows': return <ContactRows key={part} v={v} />;
          case 'social': return <Socials key={part} v={v} />;
          case 'legal': return <Legal key={part} v={v} />;
        }
      })}
    </>
  );
}

// Layouts: the head of a card in four shapes. A theme (table.ts) picks one and styles it.

type LayoutProps = { v: CardView; className: string; order?: Part[] | undefined; photo?: boolean | undefined };

/** Full-width photo under a bar with the logo, the name on the company colour. Without a photo: logo or initials on the company colour. */
export function HeroCard({ v, className, order, photo = true }: LayoutProps) {
  const { c } = v;
  const showPhoto = photo && Boolean(c.photo);
  return (
    <CardRoot v={v} className={`vc-hero-card ${className}`}>
      {showPhoto && c.logo && <div className="vc-logo-bar" style={{ justifyContent: logoAlign(v) }}><Logo v={v} /></div>}
      <header className={showPhoto ? 'vc-hero' : 'vc-hero vc-hero-empty'}>
        {showPhoto ? <Photo v={v} /> : c.logo ? <Logo v={v} /> : <Initials v={v} />}
      </header>
      <section className="vc-band"><NameBlock v={v} /></section>
      <Body v={v} order={order} />
    </CardRoot>
  );
}

/** A coloured head with the logo, the photo as an avatar overlapping its lower edge (never the logo), the name centred below. */
export function AvatarCard({ v, className, order }: LayoutProps) {
  const { c } = v;
  return (
    <CardRoot v={v} className={`vc-avatar-card ${className}`}>
      <header className="vc-head"><Logo v={v} /></header>
      <div className="vc-avatar">{c.photo ? <Photo v={v} className="vc-avatar-img" sizes={layoutPhotoSizes.avatar!} /> : <Initials v={v} />}</div>
      <NameBlock v={v} className="vc-name-block vc-center" />
      <Body v={v} order={order} />
    </CardRoot>
  );
}

/** Photo beside the name on the company colour, the logo below. */
export function SideCard({ v, className, order }: LayoutProps) {
  const { c } = v;
  return (
    <CardRoot v={v} className={`vc-side-card ${className}`}>
      <header className="vc-side-head">
        {c.photo ? <Photo v={v} className="vc-side-img" sizes={layoutPhotoSizes.side!} /> : <Initials v={v} />}
        <NameBlock v={v} />
      </header>
      {c.logo && <div className="vc-side-logo"><Logo v={v} /></div>}
      <Body v={v} order={order} />
    </CardRoot>
  );
}

/** No photo: the logo (or initials) and the name on the card surface. */
export function PlainCard({ v, className, order }: LayoutProps) {
  return (
    <CardRoot v={v} className={`vc-plain-card ${className}`}>
      <header className="vc-plain-head">{v.c.logo ? <Logo v={v} /> : <Initials v={v} />}</header>
      <NameBlock v={v} className="vc-name-block vc-plain-name" />
      <Body v={v} order={order} />
    </CardRoot>
  );
}

const layouts = { hero: HeroCard, avatar: AvatarCard, side: SideCard, plain: PlainCard } satisfies Record<Layout, (p: LayoutProps) => ReactNode>;

/** A card in one theme of the table: the theme's CSS once on the page, its options, its layout. */
export function ThemeView({ theme, ...props }: ThemeProps & { theme: ThemeDef }) {
  useThemeCss(theme.name, theme.css);
  const v = useCardView(props, { ...theme.options, layout: theme.layout });
  const Shape = layouts[theme.layout];
  return <Shape v={v} className={`th-${theme.name}`} order={theme.options.order} photo={theme.options.photo} />;
}

// The public page derives the browser title from the same model (and so keeps the model in the
// one chunk it shares with the themes).
export { cardContent };
