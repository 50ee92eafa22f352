import { personDelete } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { deletePerson } from '../../domain/cards/delete-person.ts';

export const handler = createHandler(personDelete, ({ auth, params }) => deletePerson({ auth, personId: params.id }));
