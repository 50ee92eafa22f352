import { personGet } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { getPerson } from '../../domain/cards/get-person.ts';

export const handler = createHandler(personGet, ({ auth, params }) => getPerson({ auth, personId: params.id }));
