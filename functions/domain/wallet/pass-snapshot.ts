import { getProfileItem } from '../profiles/profile-item.ts';
import { getCompanyItem } from '../companies/company-item.ts';
import type { PersonItem } from '../cards/person-item.ts';
import type { PassRegistration } from './pass-registrations.ts';
import type { CardPerson, CardProfile } from '../../../shared/card/types.ts';
import { defaultCardSettings } from '../../../shared/card/defaults.ts';
import { cardContent } from '../../../shared/card/content.ts';
import type { PassSource } from './wallet-card.ts';

/** What a deleted card's voided pass is built from: the card and its profile as they were. */
export async function loadProfileSnapshot(person: PersonItem): Promise<NonNullable<PassRegistration['voidedCard']>> {
  const [profile, company] = await Promise.all([getProfileItem(person.companyProfilId), getCompanyItem(person.companyId)]);
  const p: CardPerson = {
    firstname: person.firstname, lastname: person.lastname, nice: person.nice, position: person.position, firmenname: person.firmenname,
    org: person.org, url: person.url, image: person.image, imageWallet: person.imageWallet, color: person.color, adresseId: person.adresseId,
    tel: person.tel, email: person.email, social: [],
  };
  // A pass uses no CSS; a profile saved before the CSS item holds its raw CSS inline, not copied here.
  const prof: CardProfile | null = profile
    ? {
        firmenname: profile.firmenname as string | undefined, logo: profile.logo as string | undefined, walletLogo: profile.walletLogo as string | undefined,
        appleLogo: profile.appleLogo as string | undefined, settings: { ...defaultCardSettings, ...(profile.settings as object | undefined), customCss: null },
      }
    : null;
  return JSON.parse(JSON.stringify({ person: p, profile: prof, lang: company?.lang === 'en' ? 'en' : 'de' }));
}

export function snapshotSource(serial: string, v: NonNullable<PassRegistration['voidedCard']>): PassSource {
  return { id: serial, person: v.person, cardProfile: v.profile, content: cardContent({ person: v.person, profile: v.profile, lang: v.lang }) };
}
