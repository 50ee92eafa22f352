import { batchGetAll } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import type { CardSource } from '../cards/read-card.ts';
import type { PersonItem } from '../cards/person-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import type { CompanyItem } from '../companies/company-item.ts';
import type { VcardCompanyItem } from './company-item.ts';
import { getVcardPersonItem } from './person-item.ts';
import { withLegacyDefaults } from './settings-item.ts';
import { SCOPED_CSS } from '../profiles/profile-item.ts';

/** The one address a legacy card shows: its company's. */
const LEGACY_ADDRESS_ID = 'legacy';

/**
 * A legacy person's card in the shape of a V2 card (QR codes printed in the old days point at
 * `/c/<legacy person id>`): the legacy company stands in for profile and company, its settings
 * for the profile's. Undefined when there is no such legacy person or its company is gone or
 * being deleted. Reads only (anonymous visitors).
 */
export async function readLegacyCard(personId: string): Promise<CardSource | undefined> {
  const person = await getVcardPersonItem(personId);
  if (!person) return undefined;
  const companyKey = keys.vcardCompany(person.companyId);
  const settingsKey = keys.vcardSettings(person.companyId);
  const items = await batchGetAll<Record<string, unknown>>([companyKey, settingsKey]);
  const company = items.find((i) => i.sk === companyKey.sk) as VcardCompanyItem | undefined;
  const settings = items.find((i) => i.sk === settingsKey.sk) as { settings?: Record<string, unknown>; [SCOPED_CSS]?: string } | undefined;
  if (!company || company.deleting) return undefined;
  const asPerson = {
    ...person,
    companyProfilId: company.id,
    adresseId: LEGACY_ADDRESS_ID,
    isActive: true,
  } as unknown as PersonItem;
  const asProfile = {
    id: company.id,
    companyId: company.id,
    profilname: company.org,
    firmenname: company.firmenname,
    claim: company.claim,
    logo: company.logo,
    walletLogo: company.walletLogo,
    url: company.url,
    impressum: company.impressum,
    datenschutz: company.datenschutz,
    social: company.social,
    adressen: [{
      adresseId: LEGACY_ADDRESS_ID,
      straße: company.straße,
      plz: company.plz,
      ort: company.ort,
      bundesland: company.bundesland,
      land: company.land,
    }],
    settings: withLegacyDefaults(settings?.settings),
    [SCOPED_CSS]: settings?.[SCOPED_CSS],
  } as unknown as ProfileItem;
  const asCompany = { id: company.id, org: company.org, lang: 'de' } as unknown as CompanyItem;
  return { person: asPerson, profile: asProfile, company: asCompany };
}
