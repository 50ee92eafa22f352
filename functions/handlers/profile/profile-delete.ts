import { profileDelete } from '../../../shared/api/routes/profile.ts';
import { createHandler } from '../../lib/http.ts';
import { deleteProfile } from '../../domain/profiles/delete-profile.ts';

export const handler = createHandler(profileDelete, async ({ auth, params }) => {
  await deleteProfile({ auth, profileId: params.id });
  return { id: params.id };
});
