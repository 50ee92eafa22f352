import { passkitLog } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { acceptLogs } from '../../domain/wallet/passkit-service.ts';

export const handler = createHandler(passkitLog, ({ body }) => acceptLogs({ logs: body.logs }));
