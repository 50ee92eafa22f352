import { userGroups } from '../../../shared/api/routes/user.ts';
import { createHandler } from '../../lib/http.ts';
import { listGroups } from '../../domain/groups/list-groups.ts';

export const handler = createHandler(userGroups, () => listGroups());
