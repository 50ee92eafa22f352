import { cardSignature } from '../../../shared/api/routes/person.ts';
import { createHandler } from '../../lib/http.ts';
import { cardSignature as buildCardSignature } from '../../domain/cards/card-signature.ts';

export const handler = createHandler(cardSignature, ({ auth, params }) => buildCardSignature({ auth, personId: params.id }));
