import { passkitRegister } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { registerPassDevice } from '../../domain/wallet/passkit-service.ts';

export const handler = createHandler(passkitRegister, ({ params, body, event }) => registerPassDevice({ event, ...params, pushToken: body.pushToken }));
