import { createProfileSchema } from '../../../../shared/schemas/profile.ts';
import type { Profile, ProfileInput, ProfileSettings, ProfileSocialType } from '../../../../shared/schemas/profile.ts';
import { msg } from '../../../../shared/messages.ts';
import type { ThemeProps } from '../../themes/types.ts';

// What the profile form holds: text inputs as strings ('' = absent), numbers as typed text.

export interface AddressValues {
  adresseId?: string | undefined;
  straße: string;
  plz: string;
  ort: string;
  bundesland: string;
  land: string;
}

export const addressKeys = ['straße', 'plz', 'ort', 'bundesland', 'land'] as const;

export interface SocialValues {
  type: ProfileSocialType | '';
  link: string;
}

const textKeys = [
  'profilname', 'firmenname', 'claim', 'url', 'notes', 'color', 'class', 'impressum', 'datenschutz', 'umsatzsteuernummer', 'handelsgericht',
] as const;
type TextKey = (typeof textKeys)[number];

export type ProfileValues = Record<TextKey, string> & {
  logo: string | undefined;
  appleLogo: string | undefined;
  walletLogo: string | undefined;
  adressen: AddressValues[];
  social: SocialValues[];
  settings: Omit<ProfileSettings, 'logo' | 'customCss'> & {
    logo: { top: string; right: string; left: string; height: string; useColor: boolean; color: string };
    customCss: string;
  };
};

const num = (v: number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function valuesOf(p: Omit<ProfileInput, 'companyId'>): ProfileValues {
  const text = Object.fromEntries(textKeys.map((k) => [k, (p[k] as string | undefined) ?? ''])) as Record<TextKey, string>;
  const s = p.settings;
  return {
    ...text,
    logo: p.logo,
    appleLogo: p.appleLogo,
    walletLogo: p.walletLogo,
    adressen: p.adressen.map((a) => ({
      adresseId: a.adresseId,
      straße: a.straße ?? '',
      plz: a.plz ?? '',
      ort: a.ort ?? '',
      bundesland: a.bundesland ?? '',
      land: a.land ?? '',
    })),
    social: p.social.map((x) => ({ type: x.type, link: x.link })),
    settings: {
      ...s,
      logo: { top: num(s.logo.top), right: num(s.logo.right), left: num(s.logo.left), height: num(s.logo.height), useColor: s.logo.useColor, color: s.logo.color },
      customCss: s.customCss ?? '',
    },
  };
}

/** A new profile: every default of spec §3, taken from the shared schema. */
export function emptyProfile(): ProfileValues {
  const defaults = createProfileSchema.parse({ companyId: '-', profilname: '-' });
  return { ...valuesOf(defaults), profilname: '' };
}

/** Spec §2: a duplicate is a new profile (no id) named '<name> (copy)'. */
export function duplicateOf(p: Profile): ProfileValues {
  const v = valuesOf(p);
  return { ...v, profilname: `${p.profilname}${msg.profile.copySuffix}` };
}

const numberOrNull = (v: string): number | string | null => (v.trim() === '' ? null : Number.isNaN(Number(v)) ? v : Number(v));

/** The request body; the shared schema validates it exactly as the server will. */
export function bodyOf(v: ProfileValues) {
  const l = v.settings.logo;
  return {
    ...v,
    settings: {
      ...v.settings,
      logo: { ...l, top: numberOrNull(l.top), right: numberOrNull(l.right), left: numberOrNull(l.left), height: numberOrNull(l.height) },
    },
  };
}

const pxOrNull = (v: string): number | null => (v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null);
const textOrUndefined = (v: string) => (v.trim() ? v : undefined);

/**
 * What the settings' live preview shows: a sample card holder on this profile as it is typed right
 * now (not yet validated), with the profile's first address. Own CSS is not applied (as in the
 * card form's preview: it comes with the public card).
 */
export function previewOf(v: ProfileValues): ThemeProps {
  const sample = msg.profile.previewPerson;
  const adressen = v.adressen.map((a, i) => ({ ...a, adresseId: a.adresseId ?? `neu-${i}` }));
  const l = v.settings.logo;
  return {
    person: { ...sample, tel: [...sample.tel], email: [...sample.email], social: [], adresseId: adressen[0]?.adresseId },
    profile: {
      firmenname: textOrUndefined(v.firmenname),
      claim: textOrUndefined(v.claim),
      logo: v.logo,
      appleLogo: v.appleLogo,
      walletLogo: v.walletLogo,
      url: textOrUndefined(v.url),
      impressum: textOrUndefined(v.impressum),
      datenschutz: textOrUndefined(v.datenschutz),
      umsatzsteuernummer: textOrUndefined(v.umsatzsteuernummer),
      handelsgericht: textOrUndefined(v.handelsgericht),
      adressen,
      settings: { ...v.settings, logo: { ...l, top: pxOrNull(l.top), right: pxOrNull(l.right), left: pxOrNull(l.left), height: pxOrNull(l.height) }, customCss: null },
    },
  };
}

export type ProfileTab = 'daten' | 'logos' | 'social' | 'einstellungen';
export type SettingsTab = 'styling' | 'anzeige' | 'auswahl';

/** Where a field with an error is shown, so the form can open that tab. */
export function tabOf(fieldPath: string): { tab: ProfileTab; sub?: SettingsTab } {
  if (/^(logo|appleLogo|walletLogo)$/.test(fieldPath)) return { tab: 'logos' };
  if (fieldPath.startsWith('social')) return { tab: 'social' };
  if (fieldPath.startsWith('settings.theme')) return { tab: 'einstellungen', sub: 'auswahl' };
  if (fieldPath.startsWith('settings.display')) return { tab: 'einstellungen', sub: 'anzeige' };
  if (fieldPath.startsWith('settings')) return { tab: 'einstellungen', sub: 'styling' };
  return { tab: 'daten' };
}
