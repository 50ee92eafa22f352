import { requireCompanyAccess } from '../../lib/permissions.ts';
import type { AuthUser } from '../../lib/auth/session.ts';
import { companyMessages } from '../../../shared/messages/company.ts';
import type { Profile } from '../../../shared/schemas/profile.ts';
import { queryCompanyProfiles } from './profile-item.ts';
import { cssOfProfiles } from './profile-css.ts';

/** A company's profiles in creation order, each with its raw CSS (from its CSS item). */
export async function listProfiles(o: { auth: AuthUser; companyId: string }): Promise<Profile[]> {
  requireCompanyAccess(o.auth, o.companyId, companyMessages.notFound);
  return (await cssOfProfiles(await queryCompanyProfiles({ companyId: o.companyId }))) as unknown as Profile[];
}
