import { vcardPersonErase } from '../../../shared/api/routes/privacy.ts';
import { createHandler } from '../../lib/http.ts';
import { erasePerson } from '../../domain/privacy/erase-person.ts';

export const handler = createHandler(vcardPersonErase, ({ auth, params, body }) => erasePerson({ auth, personId: params.id, confirm: body.confirm, kind: 'legacy' }));
