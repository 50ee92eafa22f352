import { profileGet } from '../../../shared/api/routes/profile.ts';
import { createHandler } from '../../lib/http.ts';
import { getProfile } from '../../domain/profiles/get-profile.ts';

export const handler = createHandler(profileGet, ({ auth, params }) => getProfile({ auth, profileId: params.id }));
