import { walletGooglecardPublic } from '../../../shared/api/routes/wallet.ts';
import { createHandler } from '../../lib/http.ts';
import { walletLinkFailurePage } from '../../domain/wallet/wallet-link-page.ts';
import { publicGooglecard } from '../../domain/wallet/wallet-passes.ts';

export const handler = createHandler(walletGooglecardPublic, ({ params }) => publicGooglecard({ personId: params.id, signature: params.signature }), { failurePage: walletLinkFailurePage });
