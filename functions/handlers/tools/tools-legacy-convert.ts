import { toolsLegacyConvert } from '../../../shared/api/routes/tools.ts';
import { createHandler } from '../../lib/http.ts';
import { convertLegacy } from '../../domain/tools/convert-legacy.ts';

export const handler = createHandler(toolsLegacyConvert, ({ auth, body }) => convertLegacy({ auth, ...body }));
