import { vcardPersonDataExport } from '../../../shared/api/routes/privacy.ts';
import { createHandler } from '../../lib/http.ts';
import { exportPerson } from '../../domain/privacy/export-person.ts';

export const handler = createHandler(vcardPersonDataExport, ({ auth, params }) => exportPerson({ auth, personId: params.id, kind: 'legacy' }));
