import { vcardPersonCreate } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { createVcardPerson } from '../../domain/legacy/create-person.ts';

export const handler = createHandler(vcardPersonCreate, ({ body }) => createVcardPerson({ input: body }));
