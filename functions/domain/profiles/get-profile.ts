import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { profileMessages } from '../../../shared/messages/profile.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { getProfileItem } from './profile-item.ts';
import type { ProfileItem } from './profile-item.ts';

/** A profile of a company the caller reaches; another tenant's profile answers 404 like a missing one. */
export async function getAccessibleProfileItem(o: { auth: AuthUser; profileId: string }): Promise<ProfileItem> {
  const item = await getProfileItem(o.profileId);
  requireCompanyAccess(o.auth, item?.companyId, profileMessages.notFound);
  return item!;
}

/** The stored item carries keys and bookkeeping; the route's output schema keeps only the profile's fields. */
export async function getProfile(o: { auth: AuthUser; profileId: string }): Promise<Profile> {
  return (await getAccessibleProfileItem(o)) as unknown as Profile;
}
