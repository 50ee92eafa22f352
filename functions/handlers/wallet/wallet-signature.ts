import { walletSignature } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { getWalletSignature } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletSignature, ({ auth, params }) => getWalletSignature({ auth, personId: params.userId }));
