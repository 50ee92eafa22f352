import { authSession } from '../../../shared/api/routes/auth.ts';
import { createHandler } from '../../lib/http.ts';
import { toPublicUser } from '../../domain/users/user-item.ts';

// The user was just read to check the token; answering from that read keeps this at one GetItem.
export const handler = createHandler(authSession, async ({ auth }) => toPublicUser(auth.user));
