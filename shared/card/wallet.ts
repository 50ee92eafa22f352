import type { CardContent } from './content.ts';
import type { CardLang } from './labels.ts';
import { hexColor } from './links.ts';
import type { ImageField } from './links.ts';
import type { CardPerson, CardProfile } from './types.ts';

// The one mapping from the card model to both wallet passes. The Apple pass builder, the Google
// save link and the card form's apple/google preview tabs all read it, so what the preview shows
// is what the phone gets. Plain data, no zod, no Node APIs.

export interface WalletField {
  key: string;
  label: string;
  value: string;
}

/** An uploaded image a pass shows: the upload field (URL segment) and the stored file name. */
export interface WalletImage {
  field: ImageField;
  file: string;
}

const walletLabels: Record<CardLang, { name: string; position: string; company: string; address: string; card: string; call: (n: string) => string; write: (a: string) => string; web: string; card2: string }> = {
  de: { name: 'Name', position: 'Position', company: 'Unternehmen', address: 'Adresse', card: 'Visitenkarte', call: (n) => `Anrufen: ${n}`, write: (a) => `E-Mail schreiben: ${a}`, web: 'Webseite öffnen', card2: 'Visitenkarte öffnen' },
  en: { name: 'Name', position: 'Position', company: 'Company', address: 'Address', card: 'Business card', call: (n) => `Call ${n}`, write: (a) => `Email ${a}`, web: 'Open website', card2: 'Open business card' },
};

const present = (v: string | undefined | null): v is string => Boolean(v?.trim());

/** `#1a2b3c` -> `rgb(26, 43, 60)`: the colour form pass.json documents. */
export function rgbColor(hex: string): string {
  const h = hex.length === 4 ? `#${[...hex.slice(1)].map((c) => c + c).join('')}` : hex;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

/** Images both passes use, by upload field; absent files are left out. */
export function walletImages(person: CardPerson, profile: CardProfile | null): {
  icon: WalletImage | undefined;
  logo: WalletImage | undefined;
  thumbnail: WalletImage | undefined;
} {
  const pick = (...c: [ImageField, string | undefined][]): WalletImage | undefined => {
    const hit = c.find(([, f]) => present(f));
    return hit ? { field: hit[0], file: hit[1]!.trim() } : undefined;
  };
  // walletLogo is the square logo made for wallets (icon and logo); the older logos stand in.
  const logo = pick(['walletLogo', profile?.walletLogo], ['appleLogo', profile?.appleLogo], ['logo', profile?.logo]);
  return {
    icon: pick(['walletLogo', profile?.walletLogo], ['logo', profile?.logo]),
    logo,
    thumbnail: pick(['imageWallet', person.imageWallet]),
  };
}

export interface ApplePassContent {
  description: string;
  organizationName: string;
  logoText: string | undefined;
  /** pass.json colours (`rgb(r, g, b)`) and the same as hex for the preview. */
  backgroundColor: string;
  foregroundColor: string;
  labelColor: string;
  hex: { background: string; foreground: string };
  primaryFields: WalletField[];
  secondaryFields: WalletField[];
  auxiliaryFields: WalletField[];
  backFields: WalletField[];
  /** The QR code's message: the public card URL. */
  barcodeMessage: string;
}

/** The generic Apple pass of a card. `cardUrl` is the absolute, ASCII public card URL. */
export function applePassContent(c: CardContent, cardUrl: string): ApplePassContent {
  const l = walletLabels[c.lang] ?? walletLabels.de;
  const background = hexColor(c.settings.applePass.backgroundColor, '#ffffff');
  const foreground = hexColor(c.settings.applePass.fontColor, '#000000');
  const field = (key: string, label: string, value: string | undefined): WalletField[] => (present(value) ? [{ key, label, value: value.trim() }] : []);
  const contacts = [...c.phones, ...c.emails];
  return {
    description: [l.card, c.name].filter(Boolean).join(' '),
    organizationName: c.company ?? c.name,
    logoText: c.company,
    backgroundColor: rgbColor(background),
    foregroundColor: rgbColor(foreground),
    labelColor: rgbColor(foreground),
    hex: { background, foreground },
    primaryFields: field('name', l.name, c.name),
    secondaryFields: [...field('position', l.position, c.position), ...field('company', l.company, c.company)],
    // The front has room for two: the first phone and the first e-mail.
    auxiliaryFields: [c.phones[0], c.emails[0]].flatMap((x) => (x ? field(x.key, x.label, x.text) : [])),
    backFields: [
      ...contacts.flatMap((x) => field(`back-${x.key}`, x.label, x.text)),
      ...(c.web ? field('back-web', c.web.label, c.web.href ?? c.web.text) : []),
      ...field('back-address', l.address, c.address.join(', ')),
      ...c.legal.flatMap((x) => field(`back-${x.key}`, x.label, x.href)),
    ],
    barcodeMessage: cardUrl,
  };
}

export interface GooglePassContent {
  cardTitle: string;
  header: string;
  subheader: string | undefined;
  hexBackgroundColor: string;
  textModules: { id: string; header: string; body: string }[];
  /** Google's links module: tap to call, to write, to open the website (and the card itself). */
  links: { id: string; uri: string; description: string }[];
  barcodeValue: string;
}

/**
 * The generic Google object of a card (what the save link and the PATCH on a change carry). Its
 * background is the Apple pass's (settings.applePass), so a card looks the same in both wallets.
 */
export function googlePassContent(c: CardContent, cardUrl: string): GooglePassContent {
  const l = walletLabels[c.lang] ?? walletLabels.de;
  // Google's ids allow letters, digits, _ and -.
  const id = (key: string) => key.replace(/[^A-Za-z0-9_-]/g, '_');
  const links = [
    ...c.phones.flatMap((x) => (x.href ? [{ id: id(`link-${x.key}`), uri: x.href, description: l.call(x.text) }] : [])),
    ...c.emails.flatMap((x) => (x.href ? [{ id: id(`link-${x.key}`), uri: x.href, description: l.write(x.text) }] : [])),
    ...(c.web?.href ? [{ id: 'link-web', uri: c.web.href, description: l.web }] : []),
    { id: 'link-card', uri: cardUrl, description: l.card2 },
  ];
  return {
    cardTitle: c.company ?? l.card,
    header: c.name || l.card,
    subheader: c.position,
    hexBackgroundColor: hexColor(c.settings.applePass.backgroundColor, '#ffffff').toLowerCase(),
    textModules: [...c.phones, ...c.emails].map((x) => ({ id: id(x.key), header: x.label, body: x.text })),
    links,
    barcodeValue: cardUrl,
  };
}
