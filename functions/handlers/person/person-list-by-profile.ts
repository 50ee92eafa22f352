import { personListByProfile } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { listPersonsByProfile } from '../../domain/cards/list-persons.ts';

export const handler = createHandler(personListByProfile, ({ auth, params, query }) =>
  listPersonsByProfile({ auth, profileId: params.profileId, limit: query.limit, cursor: query.cursor }));
