import { contactExport } from '../../../shared/api/routes/exports.ts';
import { createHandler } from '../../lib/http.ts';
import { exportContacts } from '../../domain/contacts/export-contacts.ts';

export const handler = createHandler(contactExport, ({ auth, query }) => exportContacts({ auth, companyId: query.companyId, personId: query.personId, format: query.format }));
