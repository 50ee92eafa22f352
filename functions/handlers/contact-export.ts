import { contactExport } from '../../shared/api/routes/contact.ts';
import { attachment } from '../lib/content-disposition.ts';
import { createHandler, fileResult } from '../lib/http.ts';
import { exportContacts } from '../domain/contacts/export-contacts.ts';

/** An attachment so the browser saves it instead of showing it. */
export const handler = createHandler(contactExport, async ({ auth, query }) => {
  const { filename, csv } = await exportContacts({ auth, companyId: query.companyId, personId: query.personId });
  return fileResult('text/csv; charset=utf-8', csv, { 'content-disposition': attachment(filename), 'cache-control': 'no-store' });
});
