import { defaultCardSettings } from '../../../shared/card/defaults.ts';
import type { CardLang } from '../../../shared/card/labels.ts';
import type { PublicCardAnswer } from '../../../shared/schemas/card.ts';
import type { ProfileSettings } from '../../../shared/schemas/profile.ts';
import { SCOPED_CSS } from '../profiles/profile-item.ts';
import { log } from '../../lib/log.ts';
import type { CardSource } from './read-card.ts';

type Section = Record<string, unknown>;

/**
 * Stored settings over the defaults, section by section: an old profile lacking a part still
 * renders. customCss is the version scoped when the profile was saved (no parser runs here).
 */
function publicSettings(stored: Section | undefined, scopedCss: unknown, profileId: string): ProfileSettings {
  const s = stored ?? {};
  const merged = { ...defaultCardSettings } as unknown as Record<string, unknown>;
  for (const [key, fallback] of Object.entries(defaultCardSettings)) {
    const value = s[key];
    if (fallback && typeof fallback === 'object') merged[key] = { ...fallback, ...(value && typeof value === 'object' ? value : {}) };
    else if (typeof value === typeof fallback && value !== undefined) merged[key] = value;
  }
  const customCss = typeof scopedCss === 'string' && scopedCss ? scopedCss : null;
  if (!customCss && typeof s.customCss === 'string' && s.customCss.trim()) {
    // Saved before CSS was scoped on save (issue 19): shown without it until the profile is saved again.
    log('warn', 'customCss of a profile has no scoped version: open and save the profile to apply it', { profileId });
  }
  return { ...(merged as unknown as ProfileSettings), customCss };
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** A profile's social links as stored (a list of `{ type, link }`), anything else left out. */
const socialOf = (v: unknown) => (Array.isArray(v) ? v : []).flatMap((c: { type?: unknown; link?: unknown }) =>
  typeof c?.type === 'string' && typeof c.link === 'string' ? [{ type: c.type, link: c.link }] : []);

/**
 * The public card: only what the page, the vCard and the passes show. The output schema filters
 * again; this picks field by field so nothing private is even handed over.
 */
export function toPublicCard({ person, profile, company, legacy }: CardSource): PublicCardAnswer {
  const lang: CardLang = company.lang === 'en' ? 'en' : 'de';
  const address = profile.adressen?.find((a) => a.adresseId === person.adresseId);
  return {
    id: person.id,
    lang,
    contactExchange: legacy !== true,
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
      settings: publicSettings(profile.settings, profile[SCOPED_CSS], profile.id),
    },
  };
}
