import { personExport } from '../../shared/api/routes/person.ts';
import { createHandler, fileResult } from '../lib/http.ts';
import { exportPersons } from '../domain/persons/export-persons.ts';

/** Admin only (route access); an attachment so the browser saves it instead of showing it. */
export const handler = createHandler(personExport, async ({ params }) => {
  const { filename, csv } = await exportPersons({ companyId: params.companyId });
  return fileResult('text/csv; charset=utf-8', csv, {
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  });
});
