import { NotFoundError } from '../../lib/errors.ts';
import { commonMessages as msg } from '../../../shared/messages/common.ts';
import type { PublicUser } from '../../../shared/schemas/user.ts';
import { getUserItem, toPublicUser } from './user-item.ts';

export async function getUser(o: { userId: string }): Promise<PublicUser> {
  const user = await getUserItem(o.userId);
  if (!user) throw new NotFoundError(msg.errors.userNotFound);
  return toPublicUser(user);
}
