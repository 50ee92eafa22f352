import { personCreate } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { createPerson } from '../../domain/cards/create-person.ts';

export const handler = createHandler(personCreate, ({ auth, body }) => createPerson({ auth, input: body }));
