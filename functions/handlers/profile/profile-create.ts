import { profileCreate } from '../../../shared/api/routes/profile.ts';
import { createHandler } from '../../lib/http.ts';
import { createProfile } from '../../domain/profiles/create-profile.ts';

export const handler = createHandler(profileCreate, ({ auth, body }) => createProfile({ auth, input: body }));
