import { vcardPersonDelete } from '../../../shared/api/routes/vcard.ts';
import { createHandler } from '../../lib/http.ts';
import { deleteVcardPerson } from '../../domain/legacy/delete-person.ts';

export const handler = createHandler(vcardPersonDelete, async ({ params }) => {
  await deleteVcardPerson({ personId: params.id });
  return { id: params.id };
});
