import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { profileMessages } from '../../../shared/messages/profile.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { getProfileItem } from './profile-item.ts';
import type { ProfileItem } from './profile-item.ts';
import { cssOf, getProfileCssItem, withCss } from './profile-css.ts';

/** A profile of a company the caller reaches; another tenant's profile answers 404 like a missing one. */
export async function getAccessibleProfileItem(o: { auth: AuthUser; profileId: string }): Promise<ProfileItem> {
  const item = await getProfileItem(o.profileId);
  requireCompanyAccess(o.auth, item?.companyId, profileMessages.notFound);
  return item!;
}

/**
 * The same with its raw CSS (the form and its save): both items read side by side and consistently,
 * so the form shows what the last save wrote to either of them.
 */
export async function getAccessibleProfileWithCss(o: { auth: AuthUser; profileId: string }): Promise<{ item: ProfileItem; css: string | null }> {
  const [item, cssItem] = await Promise.all([getProfileItem(o.profileId, { consistent: true }), getProfileCssItem(o.profileId, { consistent: true })]);
  requireCompanyAccess(o.auth, item?.companyId, profileMessages.notFound);
  return { item: item!, css: cssOf(item!, cssItem) };
}

/** The stored item carries keys and bookkeeping; the route's output schema keeps only the profile's fields. */
export async function getProfile(o: { auth: AuthUser; profileId: string }): Promise<Profile> {
  const { item, css } = await getAccessibleProfileWithCss(o);
  return withCss(item, css) as unknown as Profile;
}
