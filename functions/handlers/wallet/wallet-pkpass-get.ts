import { walletPkpassGet } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { getPkpass } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletPkpassGet, ({ auth, params }) => getPkpass({ auth, personId: params.id }));
