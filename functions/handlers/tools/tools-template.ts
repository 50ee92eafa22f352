import { toolsTemplate } from '../../../shared/api/routes/tools.ts';
import { createHandler } from '../../lib/http.ts';
import { importTemplate } from '../../domain/tools/import-template.ts';

export const handler = createHandler(toolsTemplate, ({ query }) => importTemplate({ format: query.format }));
