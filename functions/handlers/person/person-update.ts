import { personUpdate } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { updatePerson } from '../../domain/cards/update-person.ts';

export const handler = createHandler(personUpdate, ({ auth, params, body }) => {
  const { version, ...input } = body;
  return updatePerson({ auth, personId: params.id, input, version });
});
