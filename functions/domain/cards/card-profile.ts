import { ValidationError } from '../../lib/errors.ts';
import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import { personMessages } from '../../../shared/messages/person.ts';
import { getProfileItem } from '../profiles/profile-item.ts';
import type { ProfileItem } from '../profiles/profile-item.ts';

/**
 * The profile a card is put on: it must exist and belong to a company the caller reaches
 * (404 otherwise, the same as a missing one), and the card's address must be one of its addresses.
 */
export async function cardProfile(o: { auth: AuthUser; profileId: string; adresseId?: string | undefined }): Promise<ProfileItem> {
  const profile = await getProfileItem(o.profileId, { consistent: true });
  requireCompanyAccess(o.auth, profile?.companyId, personMessages.errors.profileNotFound);
  if (o.adresseId !== undefined && !(profile!.adressen ?? []).some((a) => a.adresseId === o.adresseId)) {
    throw new ValidationError(msg.errors.invalidInput, { adresseId: personMessages.errors.adresseNotInProfile });
  }
  return profile!;
}
