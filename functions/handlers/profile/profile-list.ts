import { profileList } from '../../../shared/api/routes/profile.ts';
import { createHandler } from '../../lib/http.ts';
import { listProfiles } from '../../domain/profiles/list-profiles.ts';

export const handler = createHandler(profileList, ({ auth, params }) => listProfiles({ auth, companyId: params.companyId }));
