import { NotFoundError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import type { CardSummary } from '../../../shared/schemas/card-summary.ts';
import { resolveCard } from './read-card.ts';

/**
 * Whose card an id is, for the back office's screens that take any card id (statistics, wallet):
 * a V2 card for its company's users and admins, a legacy card (the legacy area is the admins')
 * for admins only; anything else answers 404 like a missing card.
 */
export async function describeCard(o: { auth: AuthUser; id: string }): Promise<CardSummary> {
  const card = await resolveCard(o.id);
  if (card?.kind === 'legacy') {
    if (!o.auth.isAdmin) throw new NotFoundError(personMessages.errors.notFound);
  } else {
    requireCompanyAccess(o.auth, card?.person.companyId, personMessages.errors.notFound);
  }
  const { person, kind } = card!;
  return { id: person.id, kind, firstname: person.firstname ?? '', lastname: person.lastname ?? '', companyId: person.companyId, isActive: person.isActive === true };
}
