import { vcardPersonUpdate } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { updateVcardPerson } from '../../domain/legacy/update-person.ts';

export const handler = createHandler(vcardPersonUpdate, ({ params, body }) => updateVcardPerson({ personId: params.id, changes: body }));
