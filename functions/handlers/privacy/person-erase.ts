import { personErase } from '../../../shared/api/routes/privacy.ts';
import { createHandler } from '../../lib/http.ts';
import { erasePerson } from '../../domain/privacy/erase-person.ts';

export const handler = createHandler(personErase, ({ auth, params, body }) => erasePerson({ auth, personId: params.id, confirm: body.confirm }));
