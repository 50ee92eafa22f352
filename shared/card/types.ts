import type { ProfileAddress, ProfileSettings } from '../schemas/profile.ts';
import type { CardLang } from './labels.ts';

// What a card is made of. The form preview passes what is typed right now (not yet validated),
// the public page the stored card, so every value is treated as untrusted text.

export interface CardContact { type: string; value: string }
export interface CardSocial { type: string; link: string }

export interface CardPerson {
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
  tel: CardContact[];
  email: CardContact[];
  social: CardSocial[];
}

export interface CardProfile {
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
  /** The company's own networks: a card shows those its holder has no link of their own for. */
  social?: CardSocial[] | undefined;
  settings: ProfileSettings;
}

/** Everything a card is derived from. */
export interface CardInput {
  person: CardPerson;
  /** Null while no profile is chosen (form preview): the card shows default settings. */
  profile: CardProfile | null;
  /** The company's language (`lang`); German when absent. A theme may fix its own. */
  lang?: CardLang | undefined;
}

/**
 * The public card as `GET /api/card/{id}` returns it: exactly what the page, the vCard and the
 * passes need, nothing private (no notes, versions, user ids, counters). The profile carries only
 * the card's own address, and `customCss` already scoped to the card root.
 */
export interface PublicCard {
  id: string;
  lang: CardLang;
  /** "Kontakt austauschen" is offered (issue 28): V2 cards; a legacy card's company has no back office to receive contacts. */
  contactExchange?: boolean;
  /** The company's org (display-name fallback, spec §2). */
  org: string;
  person: CardPerson;
  profile: CardProfile;
}
