import { personExport } from '../../../shared/api/routes/exports.ts';
import { createHandler } from '../../lib/http.ts';
import { exportPersons } from '../../domain/cards/export-persons.ts';

/** Admin only (route access); CSV or XLSX as an attachment. */
export const handler = createHandler(personExport, ({ params, query }) => exportPersons({ companyId: params.companyId, format: query.format }));
