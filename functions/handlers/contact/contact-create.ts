import { contactCreate } from '../../../shared/api/routes/contact.ts';
import { createHandler } from '../../lib/http.ts';
import { createContact } from '../../domain/contacts/create-contact.ts';

/** Public: anyone with the card's address may leave a contact (bounded and rate-limited, docs/contacts.md). */
export const handler = createHandler(contactCreate, ({ params, body }) => createContact({ personId: params.id, input: body }));
