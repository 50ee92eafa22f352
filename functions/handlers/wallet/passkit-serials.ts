import { passkitSerials } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { updatedSerials } from '../../domain/wallet/passkit-service.ts';

export const handler = createHandler(passkitSerials, ({ params, query }) => updatedSerials({ ...params, since: query.passesUpdatedSince }));
