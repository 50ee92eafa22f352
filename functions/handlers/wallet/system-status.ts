import { systemStatus } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { getSystemStatus } from '../../domain/system/system-status.ts';

export const handler = createHandler(systemStatus, () => getSystemStatus());
