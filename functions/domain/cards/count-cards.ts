import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { queryCompanyProfiles } from '../profiles/profile-item.ts';

/** Cards per profile of a company, read from the profiles' counters (no card is read). */
export async function countCards(o: { auth: AuthUser; companyId: string }): Promise<{ profileId: string; count: number }[]> {
  requireCompanyAccess(o.auth, o.companyId, personMessages.errors.companyNotFound);
  const profiles = await queryCompanyProfiles<{ id: string; cardCount?: number }>({ companyId: o.companyId, projection: ['id', 'cardCount'] });
  return profiles.map((p) => ({ profileId: p.id, count: p.cardCount ?? 0 }));
}
