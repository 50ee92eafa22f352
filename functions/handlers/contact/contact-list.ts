import { contactList } from '../../../shared/api/routes/contact.ts';
import { createHandler } from '../../lib/http.ts';
import { listContacts } from '../../domain/contacts/list-contacts.ts';

export const handler = createHandler(contactList, ({ auth, query }) => listContacts({ auth, ...query }));
