import { passkitUnregister } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { unregisterPassDevice } from '../../domain/wallet/passkit-service.ts';

export const handler = createHandler(passkitUnregister, ({ params, event }) => unregisterPassDevice({ event, ...params }));
