import { walletStatus } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { getWalletStatus } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletStatus, () => getWalletStatus());
