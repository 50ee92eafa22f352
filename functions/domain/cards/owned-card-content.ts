import { batchGetAll } from '../../lib/db.ts';
import { keys } from '../../lib/keys.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { cardContent } from '../../../shared/card/content.ts';
import type { CardContent } from '../../../shared/card/content.ts';
import { cardPalette } from '../../../shared/card/contrast.ts';
import type { CardPalette } from '../../../shared/card/contrast.ts';
import type { CompanyItem } from '../companies/company-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';
import { getPersonItem } from '../persons/person-item.ts';
import { toPublicCard } from './public-card.ts';

/**
 * A card as its company sees it for the things made from it (e-mail signature, virtual
 * background): the card model of the public page (same merge of settings, same display-name
 * fallback) and its readable colours. Own company or admin; another company's card is a 404
 * like a missing one. Inactive cards too (a signature can be prepared before the card goes live).
 */
export async function ownedCardContent(o: { auth: AuthUser; personId: string }): Promise<{ cardId: string; content: CardContent; palette: CardPalette }> {
  const notFound = () => new NotFoundError(personMessages.errors.notFound);
  const person = await getPersonItem(o.personId);
  requireCompanyAccess(o.auth, person?.companyId, personMessages.errors.notFound);
  const items = await batchGetAll<Record<string, unknown>>([keys.profile(person!.companyProfilId), keys.company(person!.companyId)]);
  const profile = items.find((i) => i.pk === keys.profile(person!.companyProfilId).pk) as ProfileItem | undefined;
  const company = items.find((i) => i.pk === keys.company(person!.companyId).pk) as CompanyItem | undefined;
  if (!profile || !company || profile.companyId !== person!.companyId) throw notFound();
  const card = toPublicCard({ person: person!, profile, company });
  const content = cardContent({ person: { ...card.person, org: card.person.org?.trim() ? card.person.org : card.org }, profile: card.profile, lang: card.lang });
  return { cardId: person!.id, content, palette: cardPalette(content.colors) };
}
