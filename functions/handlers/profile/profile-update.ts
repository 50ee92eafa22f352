import { profileUpdate } from '../../../shared/api/routes/profile.ts';
import { createHandler } from '../../lib/http.ts';
import { updateProfile } from '../../domain/profiles/update-profile.ts';

export const handler = createHandler(profileUpdate, ({ auth, params, body }) =>
  updateProfile({ auth, profileId: params.id, changes: body }));
