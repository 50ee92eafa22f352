import { toolsImport } from '../../../shared/api/routes/tools.ts';
import { createHandler } from '../../lib/http.ts';
import { importPersons } from '../../domain/tools/import-persons.ts';

export const handler = createHandler(toolsImport, ({ auth, body }) => importPersons({ auth, ...body }));
