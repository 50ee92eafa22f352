import { batchGetAll } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { cardMessages } from '../../../shared/messages/card.ts';
import type { PersonItem } from '../persons/person-item.ts';
import { getPersonItem } from '../persons/person-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import type { CompanyItem } from '../companies/company-item.ts';

/** Everything a public card is made of, as stored. */
export interface CardSource {
  person: PersonItem;
  profile: ProfileItem;
  company: CompanyItem;
}

/**
 * The card holder, its profile and its company: one GetItem, then one BatchGetItem for the two
 * items it names (eventually consistent: the CDN keeps the answer anyway, and a change
 * invalidates it after the write). Unknown, inactive, a profile or company gone or a company
 * being deleted: 404 'Karte nicht gefunden', the same for all, so nothing can be probed.
 * Reads only: this runs for anonymous visitors.
 */
export async function readCard(o: { personId: string }): Promise<CardSource> {
  const notFound = () => new NotFoundError(cardMessages.notFound);
  const person = await getPersonItem(o.personId);
  if (!person) {
    // Not a V2 card: maybe a legacy person (old QR codes); a second read (and its code) only for unknown ids.
    const { readLegacyCard } = await import('../vcard/legacy-card-source.ts');
    const legacy = await readLegacyCard(o.personId);
    if (legacy) return legacy;
    throw notFound();
  }
  if (person.isActive !== true) throw notFound();
  const items = await batchGetAll<Record<string, unknown>>([keys.profile(person.companyProfilId), keys.company(person.companyId)]);
  const profileKey = keys.profile(person.companyProfilId);
  const profile = items.find((i) => i.pk === profileKey.pk) as ProfileItem | undefined;
  const company = items.find((i) => i.pk === keys.company(person.companyId).pk) as CompanyItem | undefined;
  if (!profile || !company || company.deleting || profile.companyId !== person.companyId) throw notFound();
  return { person, profile, company };
}
