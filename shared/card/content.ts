import { defaultCardSettings } from './defaults.ts';
import { cardLabels } from './labels.ts';
import type { CardLabels, CardLang } from './labels.ts';
import { hexColor, mailHref, telHref, uploadUrl, webHref } from './links.ts';
import { socialTap } from './taps.ts';
import type { TapKind } from './taps.ts';
import type { CardInput, CardSocial } from './types.ts';
import type { ProfileSettings } from '../schemas/profile.ts';

// The one card model: what a card shows, derived once. Themes, the vCard and both wallet passes
// read it, so a rule (display name, contact order, safe links, colours) is written only here.

/** Icons a card can show; social types without an icon are not shown. */
export const cardIconNames = ['phone', 'mobile', 'mail', 'web', 'pin', 'facebook', 'instagram', 'linkedin', 'xing', 'youtube', 'tiktok'] as const;
export type CardIconName = (typeof cardIconNames)[number];
const isIconName = (v: string): v is CardIconName => (cardIconNames as readonly string[]).includes(v);

export interface ContactLine {
  key: string;
  icon: CardIconName;
  /** `work`/`cell` for phones, `work1`.. for e-mails: the vCard's TYPE and the passes' field keys. */
  type: string;
  label: string;
  text: string;
  href: string | undefined;
  /** What a click on the link counts as (the page's `data-tap`, docs/statistics.md "Taps"). */
  tap: TapKind;
}

export interface CardAddress {
  street: string | undefined;
  plz: string | undefined;
  ort: string | undefined;
  bundesland: string | undefined;
  land: string | undefined;
}

export interface CardContent {
  lang: CardLang;
  labels: CardLabels;
  firstname: string;
  lastname: string;
  /** Abbreviation/title before the name (`nice`). */
  prefix: string | undefined;
  /** Full name as shown: prefix, first and last name. */
  name: string;
  initials: string;
  position: string | undefined;
  /** Display name of the company: the card's firmenname, else the profile's, else org (spec §2/§3). */
  company: string | undefined;
  claim: string | undefined;
  /** Upload file names (for srcset variants, vCard photo, pass images) and their URLs. */
  photoFile: string | undefined;
  photo: string | undefined;
  walletPhotoFile: string | undefined;
  logoFile: string | undefined;
  logo: string | undefined;
  walletLogoFile: string | undefined;
  phones: ContactLine[];
  emails: ContactLine[];
  web: ContactLine | undefined;
  /** The card's address by `adresseId`, with the profile's display rules applied (street, PLZ). */
  addressParts: CardAddress | undefined;
  /** The same as lines to print. */
  address: string[];
  socials: { type: string; icon: CardIconName; label: string; href: string; tap: TapKind }[];
  legal: { key: 'impressum' | 'datenschutz'; label: string; href: string }[];
  legalText: string[];
  settings: ProfileSettings;
  colors: { band: string; bandText: string; fill: string; logo: string };
  /** Browser title of the public page: display name followed by first and last name (spec §2). */
  title: string;
}

const trimmed = (v: string | null | undefined) => (v?.trim() ? v.trim() : undefined);

/**
 * The card's social links: the holder's own, then the company's (profile) for the networks the
 * holder has none for, so a company's LinkedIn page reaches every card and vCard of the profile.
 */
function socialsOf(own: readonly CardSocial[], company: readonly CardSocial[], labels: CardLabels): CardContent['socials'] {
  const mine = new Set(own.filter((s) => webHref(s.link)).map((s) => s.type));
  return [...own, ...company.filter((s) => !mine.has(s.type))].flatMap((s) => {
    const href = webHref(s.link);
    const label = labels.socialTypes[s.type];
    const tap = socialTap(s.type);
    return href && label && tap && isIconName(s.type) ? [{ type: s.type, icon: s.type, label, href, tap }] : [];
  });
}

export function cardContent({ person, profile, lang = 'de' }: CardInput): CardContent {
  const labels = cardLabels[lang] ?? cardLabels.de;
  const settings = profile?.settings ?? defaultCardSettings;
  const first = trimmed(person.firstname) ?? '';
  const last = trimmed(person.lastname) ?? '';
  const phones = person.tel.filter((c) => c.value?.trim()).map((c): ContactLine => ({
    key: `tel-${c.type}`,
    icon: c.type === 'cell' ? 'mobile' : 'phone',
    type: c.type,
    label: c.type === 'cell' ? labels.cell : c.type === 'work' ? labels.work : labels.phone,
    text: c.value.trim(),
    href: telHref(c.value),
    tap: 'call',
  }));
  const emails = person.email.filter((c) => c.value?.trim()).map((c): ContactLine => ({
    key: `email-${c.type}`,
    icon: 'mail',
    type: c.type,
    label: c.type === 'work1' || !/^work\d$/.test(c.type) ? labels.email : `${labels.email} ${c.type.slice(4)}`,
    text: c.value.trim(),
    href: mailHref(c.value),
    tap: 'write',
  }));
  const url = trimmed(person.url) ?? trimmed(profile?.url);
  const a = profile?.adressen?.find((x) => x.adresseId === person.adresseId);
  const addressParts: CardAddress | undefined = a
    ? {
        street: settings.display.showStrasse ? trimmed(a.straße) : undefined,
        plz: settings.display.showPLZ ? trimmed(a.plz) : undefined,
        ort: trimmed(a.ort),
        bundesland: trimmed(a.bundesland),
        land: trimmed(a.land),
      }
    : undefined;
  const cityLine = addressParts ? [addressParts.plz, addressParts.ort].filter(Boolean).join(' ') : '';
  const legal = ([['impressum', labels.impressum, profile?.impressum], ['datenschutz', labels.datenschutz, profile?.datenschutz]] as const)
    .flatMap(([key, label, link]) => {
      const href = webHref(link);
      return href ? [{ key, label, href }] : [];
    });
  const prefix = trimmed(person.nice);
  const name = [prefix, first, last].filter(Boolean).join(' ');
  const company = trimmed(person.firmenname) ?? trimmed(profile?.firmenname) ?? trimmed(person.org);
  const photoFile = trimmed(person.image);
  const logoFile = trimmed(profile?.logo);
  return {
    lang,
    labels,
    firstname: first,
    lastname: last,
    prefix,
    name,
    initials: `${first.charAt(0)}${last.charAt(0)}`.toUpperCase(),
    position: trimmed(person.position),
    company,
    claim: trimmed(profile?.claim),
    photoFile,
    photo: uploadUrl('image', photoFile),
    walletPhotoFile: trimmed(person.imageWallet),
    logoFile,
    logo: uploadUrl('logo', logoFile),
    walletLogoFile: trimmed(profile?.walletLogo),
    phones,
    emails,
    web: url ? { key: 'web', icon: 'web', type: 'web', label: labels.web, text: url.replace(/^https?:\/\//i, '').replace(/\/$/, ''), href: webHref(url), tap: 'web' } : undefined,
    addressParts,
    address: addressParts
      ? [addressParts.street, cityLine, addressParts.bundesland, addressParts.land].filter((l): l is string => Boolean(l))
      : [],
    socials: socialsOf(person.social, profile?.social ?? [], labels),
    legal,
    legalText: [
      trimmed(profile?.umsatzsteuernummer) ? `${labels.ustId} ${trimmed(profile?.umsatzsteuernummer)}` : undefined,
      trimmed(profile?.handelsgericht) ? `${labels.court} ${trimmed(profile?.handelsgericht)}` : undefined,
    ].filter((l): l is string => Boolean(l)),
    settings,
    colors: {
      band: hexColor(person.color, hexColor(settings.person.background, '#000000')),
      bandText: hexColor(settings.person.color, '#ffffff'),
      fill: hexColor(settings.kontakt.fill, '#ffffff'),
      logo: hexColor(settings.logo.color, '#ffffff'),
    },
    title: [company, name].filter(Boolean).join(' '),
  };
}
