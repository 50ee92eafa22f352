import { walletCard } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { getWalletCardPage } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletCard, ({ params }) => getWalletCardPage({ personId: params.id, signature: params.signature }));
