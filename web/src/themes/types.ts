import type { ProfileAddress, ProfileSettings } from '../../../shared/schemas/profile.ts';

// What a theme renders. The form preview passes what is typed right now (not yet validated),
// the public page the stored card, so every value is treated as untrusted text.

export interface ThemeContact { type: string; value: string }
export interface ThemeSocial { type: string; link: string }

export interface ThemePerson {
  firstname?: string | undefined;
  lastname?: string | undefined;
  nice?: string | undefined;
  position?: string | undefined;
  firmenname?: string | undefined;
  org?: string | undefined;
  url?: string | undefined;
  image?: string | undefined;
  imageWallet?: string | undefined;
  color?: string | undefined;
  adresseId?: string | undefined;
  tel: ThemeContact[];
  email: ThemeContact[];
  social: ThemeSocial[];
}

export interface ThemeProfile {
  firmenname?: string | undefined;
  claim?: string | undefined;
  logo?: string | undefined;
  appleLogo?: string | undefined;
  walletLogo?: string | undefined;
  url?: string | undefined;
  impressum?: string | undefined;
  datenschutz?: string | undefined;
  umsatzsteuernummer?: string | undefined;
  handelsgericht?: string | undefined;
  adressen?: ProfileAddress[] | undefined;
  settings: ProfileSettings;
}

export interface ThemeProps {
  person: ThemePerson;
  /** Null while no profile is chosen (form preview): the card shows default settings. */
  profile: ThemeProfile | null;
}
