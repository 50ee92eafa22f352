import { contactDelete } from '../../../shared/api/routes/contact.ts';
import { createHandler } from '../../lib/http.ts';
import { deleteContact } from '../../domain/contacts/delete-contact.ts';

export const handler = createHandler(contactDelete, ({ auth, params }) => deleteContact({ auth, contactId: params.id }));
