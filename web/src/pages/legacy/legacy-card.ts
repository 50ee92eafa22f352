import type { VcardCompany } from '../../../../shared/schemas/vcard-company.ts';
import type { VcardSettings } from '../../../../shared/schemas/vcard-settings.ts';
import { defaultCardSettings } from '../../../../shared/card/defaults.ts';
import type { CardPerson } from '../../../../shared/card/types.ts';
import type { ThemeProps } from '../../themes/types.ts';

/** The one address of a legacy card: its company's (as functions/domain/legacy/legacy-card-source.ts). */
const LEGACY_ADDRESS_ID = 'legacy';

/**
 * A legacy person with its company and settings as theme props: the same mapping the server
 * makes for `/c/:id`, so the preview shows what the public card shows.
 */
export function legacyThemeProps(o: { person: Partial<CardPerson> | null; company: Partial<VcardCompany>; settings: VcardSettings; cardId?: string }): ThemeProps {
  const c = o.company;
  const person: CardPerson = {
    tel: [], email: [], social: [],
    firstname: 'Erika', lastname: 'Mustermann',
    ...(o.person ?? {}),
    adresseId: LEGACY_ADDRESS_ID,
  };
  return {
    cardId: o.cardId,
    lang: 'de',
    person,
    profile: {
      firmenname: c.firmenname ?? c.org,
      claim: c.claim,
      logo: c.logo,
      walletLogo: c.walletLogo,
      url: c.url,
      impressum: c.impressum,
      datenschutz: c.datenschutz,
      adressen: [{ adresseId: LEGACY_ADDRESS_ID, straße: c.straße, plz: c.plz, ort: c.ort, bundesland: c.bundesland, land: c.land }],
      settings: { ...defaultCardSettings, ...o.settings, applePass: defaultCardSettings.applePass },
    },
  };
}
