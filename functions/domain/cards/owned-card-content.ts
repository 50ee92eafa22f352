import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { cardContent } from '../../../shared/card/content.ts';
import type { CardContent } from '../../../shared/card/content.ts';
import { cardPalette } from '../../../shared/card/contrast.ts';
import type { CardPalette } from '../../../shared/card/contrast.ts';
import { resolveCard } from './read-card.ts';
import { toPublicCard } from './public-card.ts';

/**
 * A card as its company sees it for the things made from it (e-mail signature, virtual
 * background): the card model of the public page (same merge of settings, same display-name
 * fallback) and its readable colours. Own company or admin; another company's card is a 404
 * like a missing one. Inactive cards too (a signature can be prepared before the card goes live).
 */
export async function ownedCardContent(o: { auth: AuthUser; personId: string }): Promise<{ cardId: string; content: CardContent; palette: CardPalette }> {
  const notFound = () => new NotFoundError(personMessages.errors.notFound);
  // The one card concept (read-card.ts): same reads, same settings merge as the public card.
  const found = await resolveCard(o.personId);
  const card = found?.kind === 'card' ? found : undefined;
  requireCompanyAccess(o.auth, card?.person.companyId, personMessages.errors.notFound);
  const { person, profile, company, settings } = card!;
  if (!profile || !company || profile.companyId !== person.companyId) throw notFound();
  const answer = toPublicCard({ person, profile, company, settings });
  const content = cardContent({ person: { ...answer.person, org: answer.person.org?.trim() ? answer.person.org : answer.org }, profile: answer.profile, lang: answer.lang });
  return { cardId: person.id, content, palette: cardPalette(content.colors) };
}
