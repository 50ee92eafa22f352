import { passkitPass } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { latestPass } from '../../domain/wallet/passkit-service.ts';

export const handler = createHandler(passkitPass, ({ params, event }) => latestPass({ event, ...params }));
