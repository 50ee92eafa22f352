import { msg } from '../../../shared/messages.ts';
import { profileSettingsSchema } from '../../../shared/schemas/profile.ts';
import type { ProfileSettings } from '../../../shared/schemas/profile.ts';
import { isIconName } from './icons.tsx';
import type { IconName } from './icons.tsx';
import { hexColor, mailHref, telHref, uploadUrl, webHref } from './links.ts';
import type { ThemeProps } from './types.ts';

export interface ContactLine { key: string; icon: IconName; label: string; text: string; href: string | undefined }

/** Everything a theme shows, derived once: labels, safe links, colours and the chosen address. */
export interface CardContent {
  name: string;
  initials: string;
  position: string | undefined;
  company: string | undefined;
  claim: string | undefined;
  photo: string | undefined;
  logo: string | undefined;
  phones: ContactLine[];
  emails: ContactLine[];
  web: ContactLine | undefined;
  address: string[];
  socials: { type: string; icon: IconName; label: string; href: string }[];
  legal: { label: string; href: string }[];
  legalText: string[];
  settings: ProfileSettings;
  colors: { band: string; bandText: string; fill: string; logo: string };
}

const defaultSettings = profileSettingsSchema.parse({});
const t = msg.person.theme;

const socialLabels: Record<string, string | undefined> = msg.person.socialTypes;
const trimmed = (v: string | undefined) => (v?.trim() ? v.trim() : undefined);

export function cardContent({ person, profile }: ThemeProps): CardContent {
  const settings = profile?.settings ?? defaultSettings;
  const first = trimmed(person.firstname) ?? '';
  const last = trimmed(person.lastname) ?? '';
  const phones = person.tel.filter((c) => c.value.trim()).map((c): ContactLine => ({
    key: `tel-${c.type}`,
    icon: c.type === 'cell' ? 'mobile' : 'phone',
    label: msg.person.phoneTypes[c.type as keyof typeof msg.person.phoneTypes] ?? t.phone,
    text: c.value.trim(),
    href: telHref(c.value),
  }));
  const emails = person.email.filter((c) => c.value.trim()).map((c): ContactLine => ({
    key: `email-${c.type}`,
    icon: 'mail',
    label: c.type === 'work1' || !/^work\d$/.test(c.type) ? t.email : `${t.email} ${c.type.slice(4)}`,
    text: c.value.trim(),
    href: mailHref(c.value),
  }));
  const url = trimmed(person.url) ?? trimmed(profile?.url);
  const address = profile?.adressen?.find((a) => a.adresseId === person.adresseId);
  const cityLine = [settings.display.showPLZ ? address?.plz : undefined, address?.ort].filter(Boolean).join(' ');
  const legal = ([[t.impressum, profile?.impressum], [t.datenschutz, profile?.datenschutz]] as const).flatMap(([label, link]) => {
    const href = webHref(link);
    return href ? [{ label, href }] : [];
  });
  return {
    name: [trimmed(person.nice), first, last].filter(Boolean).join(' '),
    initials: `${first.charAt(0)}${last.charAt(0)}`.toUpperCase(),
    position: trimmed(person.position),
    company: trimmed(person.firmenname) ?? trimmed(profile?.firmenname) ?? trimmed(person.org),
    claim: trimmed(profile?.claim),
    photo: uploadUrl('image', trimmed(person.image)),
    logo: uploadUrl('logo', trimmed(profile?.logo)),
    phones,
    emails,
    web: url ? { key: 'web', icon: 'web', label: t.web, text: url.replace(/^https?:\/\//i, '').replace(/\/$/, ''), href: webHref(url) } : undefined,
    address: address
      ? [settings.display.showStrasse ? address.straße : undefined, cityLine, address.bundesland, address.land].filter((l): l is string => Boolean(l))
      : [],
    socials: person.social.flatMap((s) => {
      const href = webHref(s.link);
      const label = socialLabels[s.type];
      return href && label && isIconName(s.type) ? [{ type: s.type, icon: s.type, label, href }] : [];
    }),
    legal,
    legalText: [
      profile?.umsatzsteuernummer ? `${t.ustId} ${profile.umsatzsteuernummer}` : undefined,
      profile?.handelsgericht ? `${t.court} ${profile.handelsgericht}` : undefined,
    ].filter((l): l is string => Boolean(l)),
    settings,
    colors: {
      band: hexColor(person.color, hexColor(settings.person.background, '#000000')),
      bandText: hexColor(settings.person.color, '#ffffff'),
      fill: hexColor(settings.kontakt.fill, '#ffffff'),
      logo: hexColor(settings.logo.color, '#ffffff'),
    },
  };
}
