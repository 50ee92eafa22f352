import { walletGooglecardCreate } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { createGooglecard } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletGooglecardCreate, ({ auth, params }) => createGooglecard({ auth, personId: params.id }));
