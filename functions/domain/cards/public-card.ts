import type { CardLang } from '../../../shared/card/labels.ts';
import type { PublicCardAnswer } from '../../../shared/schemas/card.ts';
import type { ProfileSettings } from '../../../shared/schemas/profile.ts';
import type { CardSource } from './read-card.ts';

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A profile's social links as stored (a list of `{ type, link }`), anything else left out. */
const socialOf = (v: unknown) => (Array.isArray(v) ? v : []).flatMap((c: { type?: unknown; link?: unknown }) =>
  typeof c?.type === 'string' && typeof c.link === 'string' ? [{ type: c.type, link: c.link }] : []);

/**
 * The public card: only what the page, the vCard and the passes show. The output schema filters
 * again; this picks field by field so nothing private is even handed over.
 */
export function toPublicCard({ person, profile, company, settings }: CardSource & { settings: ProfileSettings }): PublicCardAnswer {
  const lang: CardLang = company.lang === 'en' ? 'en' : 'de';
  const address = profile.adressen?.find((a) => a.adresseId === person.adresseId);
  return {
    id: person.id,
    lang,
    org: company.org,
    person: {
      firstname: person.firstname,
      lastname: person.lastname,
      nice: person.nice,
      position: person.position,
      firmenname: person.firmenname,
      org: person.org,
      url: person.url,
      image: person.image,
      imageWallet: person.imageWallet,
      color: person.color,
      adresseId: person.adresseId,
      tel: (person.tel ?? []).map((c) => ({ type: c.type, value: c.value })),
      email: (person.email ?? []).map((c) => ({ type: c.type, value: c.value })),
      social: (person.social ?? []).map((c) => ({ type: c.type, link: c.link })),
    },
    profile: {
      firmenname: text(profile.firmenname),
      claim: text(profile.claim),
      logo: text(profile.logo),
      appleLogo: text(profile.appleLogo),
      walletLogo: text(profile.walletLogo),
      url: text(profile.url),
      impressum: text(profile.impressum),
      datenschutz: text(profile.datenschutz),
      umsatzsteuernummer: text(profile.umsatzsteuernummer),
      handelsgericht: text(profile.handelsgericht),
      adressen: address
        ? [{
            adresseId: address.adresseId,
            straße: text(address['straße']),
            plz: text(address.plz),
            ort: text(address.ort),
            bundesland: text(address.bundesland),
            land: text(address.land),
          }]
        : [],
      social: socialOf(profile.social),
      settings,
    },
  };
}
