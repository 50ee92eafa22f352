import { walletPkpassCreate } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { createPkpass } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletPkpassCreate, ({ auth, params }) => createPkpass({ auth, personId: params.id }));
